package io.eventhandler.server.security;

import io.eventhandler.server.EventHandlerMain;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Secure mode that cannot work is refused at start with one sentence naming what to fix, and nothing listens: a
 * wrong password, a missing file, a file that is not PKCS12, the Event Handler's own certificate expired or not yet
 * valid. One case runs the real main class in its own JVM, to see the sentence and the exit status an operator gets.
 */
class TlsMisconfigurationTest {

    private static final TestCloud CLOUD = TestCloud.get();

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> secure(final int port) {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(HttpConfiguration.PORT.key(), Integer.toString(port));
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:tls-" + UUID.randomUUID());
        return settings;
    }

    /** The start fails with exactly this one problem, and the port stays closed. */
    private static void assertRefused(final Map<String, String> settings, final int port, final String sentence) {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> EventHandlerServer.start(ServerConfiguration.fromMap(settings)).close());
        assertEquals(List.of(sentence), e.problems());
        try (Socket socket = new Socket()) {
            assertThrows(IOException.class, () -> socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000),
                    "nothing listens");
        } catch (final IOException e2) {
            throw new IllegalStateException(e2);
        }
    }

    static Stream<Arguments> wrongPasswords() {
        return Stream.of(
                arguments(TlsConfiguration.KEY_STORE_PASSWORD.key(), "server.ssl.key-store-password is wrong: it "
                        + "does not open the key store " + CLOUD.keyStore("eventhandler") + "."),
                arguments(TlsConfiguration.TRUST_STORE_PASSWORD.key(), "server.ssl.trust-store-password is wrong: it "
                        + "does not open the trust store " + CLOUD.trustStore() + "."),
                arguments(TlsConfiguration.KEY_PASSWORD.key(), "server.ssl.key-password is wrong: it does not unlock "
                        + "the key entry 'eventhandler' of " + CLOUD.keyStore("eventhandler") + "."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongPasswords")
    void aWrongPasswordIsNamed(final String key, final String sentence) {
        final int port = freePort();
        final Map<String, String> settings = secure(port);
        settings.put(key, "wrong");
        assertRefused(settings, port, sentence);
    }

    @Test
    void aMissingFileIsNamed() {
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> EventHandlerServer.start(
                ServerConfiguration.fromMap(Map.of(TlsConfiguration.KEY_STORE.key(), "/nonexistent/eh.p12",
                        TlsConfiguration.TRUST_STORE.key(), CLOUD.trustStore().toString()))));
        assertEquals(List.of("server.ssl.key-store=/nonexistent/eh.p12 is not a readable file"), e.problems());
    }

    @Test
    void aFileThatIsNotPkcs12IsNamed(@TempDir final Path dir) throws IOException {
        final Path pem = Files.writeString(dir.resolve("eventhandler.pem"),
                "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
        final int port = freePort();
        final Map<String, String> settings = secure(port);
        settings.put(TlsConfiguration.KEY_STORE.key(), pem.toString());
        assertRefused(settings, port, "The key store " + pem + " is not a PKCS12 file.");
    }

    @Test
    void anExpiredCertificateIsNamedWithItsEnd() {
        final Instant end = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        final Path store = CLOUD.keyStoreValid("eventhandler", end.minus(30, ChronoUnit.DAYS), end);
        final int port = freePort();
        final Map<String, String> settings = secure(port);
        settings.put(TlsConfiguration.KEY_STORE.key(), store.toString());
        assertRefused(settings, port, "The Event Handler's certificate " + TestCloud.commonName("eventhandler")
                + " in " + store + " expired on " + end + "; it must be renewed.");
    }

    @Test
    void aCertificateNotYetValidIsNamedWithItsStart() {
        final Instant start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        final Path store = CLOUD.keyStoreValid("eventhandler", start, start.plus(30, ChronoUnit.DAYS));
        final int port = freePort();
        final Map<String, String> settings = secure(port);
        settings.put(TlsConfiguration.KEY_STORE.key(), store.toString());
        assertRefused(settings, port, "The Event Handler's certificate " + TestCloud.commonName("eventhandler")
                + " in " + store + " is not valid before " + start
                + "; check this machine's clock, or use a certificate that is valid now.");
    }

    /** What an operator sees: the sentence in the log and exit status 2, and the process ends. */
    @Test
    void theMainProcessLogsTheSentenceAndExits(@TempDir final Path dir) throws Exception {
        final Instant end = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        final Path store = CLOUD.keyStoreValid("eventhandler", end.minus(30, ChronoUnit.DAYS), end);
        final int port = freePort();
        final Path file = dir.resolve("eventhandler.properties");
        final StringBuilder properties = new StringBuilder();
        secure(port).forEach((key, value) -> properties.append(key).append('=')
                .append(value.replace("\\", "\\\\")).append('\n'));
        properties.append(TlsConfiguration.KEY_STORE.key()).append('=').append(store).append('\n');
        Files.writeString(file, properties.toString());
        final ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EventHandlerMain.class.getName(),
                "--config", file.toString())
                .redirectErrorStream(true);
        // the child reads the environment too: none of our settings may come from there
        ServerConfiguration.defaults().describe().keySet().forEach(key -> builder.environment()
                .remove(key.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_')));
        final Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the process ends by itself");
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, process.exitValue(), output);
        assertTrue(output.contains("The Event Handler's certificate " + TestCloud.commonName("eventhandler") + " in "
                + store + " expired on " + end + "; it must be renewed."), output);
    }

}
