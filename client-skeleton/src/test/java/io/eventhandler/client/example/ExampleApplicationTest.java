package io.eventhandler.client.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.client.testing.TestCloud;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ServerConfiguration;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExampleApplicationTest {

    @Test
    void runsEndToEndAgainstTheRealServer() {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of("server.port", "0",
                "eh.store.url", "jdbc:h2:mem:eh-example")));
             PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            final ExampleOptions options = ExampleOptions.parse(
                    "--url", server.baseUri().toString(), "--event-type", "TEMPERATURE", "--count", "10", "--timeout", "20");

            final ExampleApplication.Result result = ExampleApplication.run(options, out);

            assertEquals(new ExampleApplication.Result(10, 10, 10, true), result);
        }
        final String text = output.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("OK: published 10, received 10 via SSE and 10 via webhook"), text);
        assertTrue(text.contains("[sse    ] #10 TEMPERATURE"), text);
        assertTrue(text.contains("[webhook] #10 TEMPERATURE"), text);
        assertTrue(text.contains("unsubscribed example-subscriber from TEMPERATURE"), text);
        assertTrue(text.contains("SSE stream: last id 10, 0 reconnects, 0 duplicates dropped, 0 gaps"), text);
    }

    @Test
    void failsWhenTheEventHandlerIsUnreachable() {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final ExampleOptions options = new ExampleOptions(
                URI.create("http://127.0.0.1:1"), "TEMPERATURE", 1, Duration.ofSeconds(1), 0);

        assertThrows(UncheckedIOException.class,
                () -> ExampleApplication.run(options, new PrintStream(output, true, StandardCharsets.UTF_8)));
        assertFalse(output.toString(StandardCharsets.UTF_8).contains("OK"));
    }

    @Test
    void parsesOptionsAndRejectsUnknownOnes() {
        final ExampleOptions options = ExampleOptions.parse(
                "--url", "http://10.0.0.1:8455", "--event-type", "PRESSURE", "--count", "3", "--webhook-port", "9100");

        assertEquals(URI.create("http://10.0.0.1:8455"), options.url());
        assertEquals("PRESSURE", options.eventType());
        assertEquals(3, options.count());
        assertEquals(9100, options.webhookPort());
        assertEquals(Duration.ofSeconds(30), options.timeout());
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--verbose", "yes"));
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--count"));
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--count", "many"));
        assertFalse(options.secure());
        assertTrue(options.verifyHostname());
        assertEquals(URI.create("http://127.0.0.1:8455"), ExampleOptions.parse().url());
    }

    @Test
    void secureModeNeedsBothStoresAndThePasswordAndAnHttpsUrl() {
        final TestCloud cloud = TestCloud.get();
        final String keyStore = cloud.keyStore("example").toString();
        final String trustStore = cloud.trustStore().toString();

        final ExampleOptions secure = ExampleOptions.parse("--keystore", keyStore, "--truststore", trustStore,
                "--password", TestCloud.PASSWORD, "--orchestrator", "https://10.0.0.1:8441",
                "--service-registry", "https://10.0.0.1:8443", "--disable-hostname-verifier", "true");

        assertTrue(secure.secure());
        assertEquals(URI.create("https://127.0.0.1:8455"), secure.url(), "the default Event Handler is HTTPS");
        assertEquals(URI.create("https://10.0.0.1:8441"), secure.orchestrator());
        assertEquals(URI.create("https://10.0.0.1:8443"), secure.serviceRegistry());
        assertFalse(secure.verifyHostname());
        assertFalse(secure.toString().contains(TestCloud.PASSWORD), "the password is not logged");
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--keystore", keyStore,
                "--password", TestCloud.PASSWORD));
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--keystore", keyStore,
                "--truststore", trustStore, "--password", TestCloud.PASSWORD, "--url", "http://127.0.0.1:8455"));
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--keystore", "no-such.p12",
                "--truststore", trustStore, "--password", TestCloud.PASSWORD));
        assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse("--orchestrator", "10.0.0.1:8441"));
    }
}
