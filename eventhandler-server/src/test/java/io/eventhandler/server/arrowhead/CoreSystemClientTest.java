package io.eventhandler.server.arrowhead;

import com.sun.net.httpserver.HttpServer;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import io.eventhandler.security.certs.KeyAndChain;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SubjectAltNames;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The core-system HTTP client over real mutual TLS (and plain HTTP) against the Service Registry double. */
class CoreSystemClientTest {

    private static final long WAIT_SECONDS = 10;

    private FakeServiceRegistry registry;
    private CoreSystemClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void callsOverMutualTlsPresentingTheEventHandlerCertificate() throws Exception {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.as("eventhandler");

        assertEquals("Got it!", client.get(echo(), String.class).get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals("https", client.scheme());
        assertEquals(TestCloud.commonName("eventhandler"), registry.requests().get(0).callerCommonName());
    }

    @Test
    void sendsJsonAndAcceptsJsonOrText() throws Exception {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.as("eventhandler");

        final ServiceQueryResultDTO result = client.post(uri(FakeServiceRegistry.QUERY),
                ServiceQueryFormDTO.of("event-publish"), ServiceQueryResultDTO.class).get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertTrue(result.serviceQueryData().isEmpty());
        // the double read the body strictly into the official ServiceQueryFormDTO: no field Arrowhead lacks
        assertTrue(registry.requests().get(0).body().contains("\"serviceDefinitionRequirement\":\"event-publish\""));
    }

    @Test
    void anArrowheadErrorCompletesExceptionallyWithItsErrorMessage() {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.as("publisher");

        // application systems may only query public core services
        final CoreSystemException error = failure(client.post(uri(FakeServiceRegistry.QUERY),
                ServiceQueryFormDTO.of("temperature"), ServiceQueryResultDTO.class), CoreSystemException.class);

        assertEquals(401, error.status());
        assertTrue(error.is(ExceptionType.AUTH), error.getMessage());
        assertEquals("Only public core system services are allowed to query directly. Requested service "
                + "(temperature) is not!", error.error().orElseThrow().errorMessage());
        assertEquals(FakeServiceRegistry.QUERY, error.error().orElseThrow().origin());
    }

    @Test
    void aNonArrowheadErrorKeepsTheRawBody() throws Exception {
        final HttpServer proxy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        proxy.createContext("/", exchange -> {
            final byte[] page = "<html>Bad Gateway</html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(502, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        proxy.start();
        try {
            client = CoreClients.plain();
            final CoreSystemException error = failure(client.get(URI.create("http://127.0.0.1:"
                    + proxy.getAddress().getPort() + "/serviceregistry/echo"), String.class), CoreSystemException.class);

            assertEquals(502, error.status());
            assertTrue(error.error().isEmpty());
            assertEquals("<html>Bad Gateway</html>", error.body());
        } finally {
            proxy.stop(0);
        }
    }

    @Test
    void resultsCompleteOnTheClientsOwnThreads() throws Exception {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.as("eventhandler");
        registry.hold();

        final CompletableFuture<String> answer = client.get(echo(), String.class);
        final CompletableFuture<String> thread = answer.thenApply(ignored -> Thread.currentThread().getName());
        registry.release();

        assertTrue(thread.get(WAIT_SECONDS, TimeUnit.SECONDS).startsWith("eh-core-client-"), thread.get());
    }

    @Test
    void plainHttp() throws Exception {
        registry = started(FakeServiceRegistry.plain());
        client = CoreClients.plain();

        assertEquals("http", client.scheme());
        assertFalse(client.secure());
        assertEquals("Got it!", client.get(echo(), String.class).get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void hostnameVerificationRefusesACertificateForAnotherHost() {
        registry = started(FakeServiceRegistry.secure(serviceRegistryCertifiedFor("elsewhere.example")));
        client = CoreClients.with(TestCloud.get().sslContext("eventhandler"), true);

        final Throwable failure = failure(client.get(echo(), String.class), Throwable.class);

        assertInstanceOf(javax.net.ssl.SSLException.class, failure, failure.toString());
        assertTrue(registry.requests().isEmpty());
    }

    @Test
    void withoutHostnameVerificationACertificateForAnotherHostIsAccepted() throws Exception {
        registry = started(FakeServiceRegistry.secure(serviceRegistryCertifiedFor("elsewhere.example")));
        client = CoreClients.with(TestCloud.get().sslContext("eventhandler"), false);

        assertEquals("Got it!", client.get(echo(), String.class).get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void theDoubleRefusesACertificateOfAnotherCloud() {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.with(TestCloud.get().otherCloudSslContext("eventhandler"), true);

        assertInstanceOf(IOException.class, failure(client.get(echo(), String.class), Throwable.class));
        assertTrue(registry.requests().isEmpty());
    }

    @Test
    void theDoubleRefusesAClientWithoutCertificate() {
        registry = started(FakeServiceRegistry.secure());
        client = CoreClients.with(TestCloud.get().anonymousSslContext(), true);

        assertInstanceOf(IOException.class, failure(client.get(echo(), String.class), Throwable.class));
        assertTrue(registry.requests().isEmpty());
    }

    @Test
    void aClosedClientFailsCallsInsteadOfHanging() {
        client = CoreClients.plain();
        client.close();

        failure(client.get(URI.create("http://127.0.0.1:9/serviceregistry/echo"), String.class), Throwable.class);
    }

    private URI echo() {
        return uri(FakeServiceRegistry.ECHO);
    }

    private URI uri(final String path) {
        return URI.create(registry.baseUri() + path);
    }

    private static FakeServiceRegistry started(final FakeServiceRegistry fake) {
        fake.start();
        return fake;
    }

    /** The cause a future failed with, asserting its type. */
    static <T extends Throwable> T failure(final CompletableFuture<?> future, final Class<T> type) {
        final ExecutionException thrown = assertThrows(ExecutionException.class,
                () -> future.get(WAIT_SECONDS, TimeUnit.SECONDS));
        Throwable cause = thrown.getCause();
        while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return assertInstanceOf(type, cause, String.valueOf(cause));
    }

    /** A {@code serviceregistry} identity of the test cloud whose only SAN is {@code dnsName}. */
    private static SSLContext serviceRegistryCertifiedFor(final String dnsName) {
        try {
            final char[] password = TestCloud.PASSWORD.toCharArray();
            final KeyAndChain issued = TestCloud.get().authority().issueSystem("serviceregistry",
                    new SubjectAltNames(List.of(dnsName), List.of()), Duration.ofDays(1));
            final KeyStore store = KeyStore.getInstance(Pkcs12Stores.TYPE);
            store.load(null, null);
            store.setKeyEntry("serviceregistry", issued.privateKey(), password, issued.chainArray());
            return SslContexts.create(store, password, Pkcs12Stores.load(TestCloud.get().trustStore(), password));
        } catch (final Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
