package io.eventhandler.security.certs;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Real TLS handshakes over loopback between JDK sockets configured from generated stores, as the Event Handler will
 * be: the server needs a client certificate and trusts only its own cloud's certificate.
 */
class MutualTlsHandshakeTest {

    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final int TIMEOUT_MILLIS = 10_000;

    @TempDir
    static Path root;

    private static final ExecutorService SERVER_THREADS = Executors.newCachedThreadPool();
    private static SSLContext server;
    private static SSLContext serverTrustingMaster;
    private static SSLContext sameCloudClient;
    private static SSLContext otherCloudClient;
    private static SSLContext clientWithoutCertificate;

    @BeforeAll
    static void createTwoCloudsUnderOneMaster() throws Exception {
        final Path home = root.resolve("testcloud");
        final LocalCloud cloud = LocalCloud.open(home, "testcloud", "company", PASSWORD);
        final Path serverStore = cloud.writeSystem("eventhandler", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        final Path clientStore = cloud.writeSystem("publisher", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        final Path trustStore = cloud.writeTrustStore(false);

        final Path away = root.resolve("othercloud");
        Files.createDirectories(away);
        Files.copy(home.resolve(LocalCloud.MASTER_FILE), away.resolve(LocalCloud.MASTER_FILE));
        final LocalCloud other = LocalCloud.open(away, "othercloud", "company", PASSWORD);
        final Path foreignStore = other.writeSystem("publisher", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        final Path trustWithMaster = root.resolve("trust-with-master.p12");
        Pkcs12Stores.writeTrustStore(trustWithMaster, cloud.trusted(true), PASSWORD);

        server = SslContexts.fromFiles(serverStore, trustStore, PASSWORD);
        serverTrustingMaster = SslContexts.fromFiles(serverStore, trustWithMaster, PASSWORD);
        sameCloudClient = SslContexts.fromFiles(clientStore, trustStore, PASSWORD);
        // The foreign client trusts our cloud, so only the server's check of the client can fail.
        otherCloudClient = SslContexts.fromFiles(foreignStore, trustStore, PASSWORD);
        clientWithoutCertificate = SslContexts.create(null, null, Pkcs12Stores.load(trustStore, PASSWORD));
    }

    @AfterAll
    static void stopServers() {
        SERVER_THREADS.shutdownNow();
    }

    @Test
    void aClientOfTheSameCloudIsAcceptedAndIdentifiedByItsCn() throws Exception {
        try (SSLServerSocket listener = listen(server)) {
            final CompletableFuture<String> accepted = acceptOne(listener);

            assertEquals("hello publisher", exchange(sameCloudClient, listener.getLocalPort()));
            assertEquals("publisher.testcloud.company.arrowhead.eu",
                    accepted.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        }
    }

    @Test
    void aClientFromAnotherCloudOfTheSameMasterIsRefused() throws Exception {
        try (SSLServerSocket listener = listen(server)) {
            final CompletableFuture<String> accepted = acceptOne(listener);

            assertThrows(IOException.class, () -> exchange(otherCloudClient, listener.getLocalPort()));
            assertHandshakeFailed(accepted);
        }
    }

    @Test
    void aClientWithoutACertificateIsRefused() throws Exception {
        try (SSLServerSocket listener = listen(server)) {
            final CompletableFuture<String> accepted = acceptOne(listener);

            assertThrows(IOException.class, () -> exchange(clientWithoutCertificate, listener.getLocalPort()));
            assertHandshakeFailed(accepted);
        }
    }

    /** Why the truststore holds only the cloud: trusting the master lets every cloud under it in. */
    @Test
    void trustingTheMasterWouldAcceptTheOtherCloud() throws Exception {
        try (SSLServerSocket listener = listen(serverTrustingMaster)) {
            final CompletableFuture<String> accepted = acceptOne(listener);

            assertEquals("hello publisher", exchange(otherCloudClient, listener.getLocalPort()));
            assertEquals("publisher.othercloud.company.arrowhead.eu",
                    accepted.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        }
    }

    private static SSLServerSocket listen(final SSLContext context) throws IOException {
        final SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress());
        listener.setNeedClientAuth(true);
        listener.setSoTimeout(TIMEOUT_MILLIS);
        return listener;
    }

    /** Accepts one connection; completes with the client's CN, or exceptionally if the handshake fails. */
    private static CompletableFuture<String> acceptOne(final SSLServerSocket listener) {
        return CompletableFuture.supplyAsync(() -> {
            try (SSLSocket socket = (SSLSocket) listener.accept()) {
                socket.setSoTimeout(TIMEOUT_MILLIS);
                socket.startHandshake();
                final X509Certificate peer = (X509Certificate) socket.getSession().getPeerCertificates()[0];
                final SystemIdentity identity = ArrowheadName.parseSystem(ArrowheadName.commonName(peer).orElseThrow())
                        .orElseThrow();
                final Writer out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
                out.write("hello " + identity.systemName() + "\n");
                out.flush();
                return identity.commonName();
            } catch (final IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, SERVER_THREADS);
    }

    /** Connects to 127.0.0.1 verifying the server's SAN as HTTPS clients do, and reads the server's greeting. */
    private static String exchange(final SSLContext client, final int port) throws IOException {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1", port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            final SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            // With TLS 1.3 the server rejects a client certificate after the client's handshake is done: the refusal
            // arrives as an alert on the first read.
            final String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (line == null) {
                throw new IOException("server closed the connection");
            }
            return line;
        }
    }

    private static void assertHandshakeFailed(final CompletableFuture<String> accepted) {
        final ExecutionException failure = assertThrows(ExecutionException.class,
                () -> accepted.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        assertInstanceOf(SSLHandshakeException.class, failure.getCause().getCause(), failure.getCause().toString());
    }
}
