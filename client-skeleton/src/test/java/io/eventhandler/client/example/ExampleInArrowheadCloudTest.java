package io.eventhandler.client.example;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.FakeAuthorization;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's secure example in an Arrowhead 4.6 local cloud: the real Event Handler over mutual TLS, registered in
 * a Service Registry double and asking an Authorization double (both answering with the official DTOs and texts,
 * the registry refusing direct queries for non-public services as the real one does), the example system
 * {@code example} registered with its webhook port and its publisher port, one rule from the one to the other.
 * The SSE stream must name its subscriber as registered, or the Event Handler cannot ask the Authorization.
 */
class ExampleInArrowheadCloudTest {

    private static final TestCloud CLOUD = TestCloud.get();

    private final FakeServiceRegistry registry = FakeServiceRegistry.secure();
    private final FakeAuthorization authorization = FakeAuthorization.secure();
    private final int webhookPort = freePort();
    private EventHandlerServer server;

    @BeforeEach
    void startCloud() {
        registry.start();
        authorization.start();
        registry.seed(authorization.registration());
        final String key = FakeAuthorization.publicKeyOf("example");
        final long asSubscriber = authorization.addSystem("example", "127.0.0.1", webhookPort, key);
        final long asPublisher = authorization.addSystem("example", "127.0.0.1", ExampleApplication.PUBLISHER_PORT,
                key);
        authorization.allow(asSubscriber, asPublisher);
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-example-cloud-" + System.nanoTime());
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        eventually().until(() -> registry.registrationsOf("eventhandler").size() == 6);
    }

    @AfterEach
    void stopCloud() {
        server.close();
        authorization.close();
        registry.close();
    }

    private String run(final String... located) {
        final String[] secure = {"--keystore", CLOUD.keyStore("example").toString(), "--truststore",
            CLOUD.trustStore().toString(), "--password", TestCloud.PASSWORD, "--event-type", "TEMPERATURE",
            "--count", "5", "--timeout", "20", "--webhook-port", Integer.toString(webhookPort)};
        final String[] args = new String[secure.length + located.length];
        System.arraycopy(secure, 0, args, 0, secure.length);
        System.arraycopy(located, 0, args, secure.length, located.length);
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            final ExampleApplication.Result result = ExampleApplication.run(ExampleOptions.parse(args), out);
            assertEquals(new ExampleApplication.Result(5, 5, 5, true), result,
                    output.toString(StandardCharsets.UTF_8));
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    @Test
    void receivesOverSseAndWebhookWithTheEventHandlerFoundInTheServiceRegistry() {
        final String text = run("--service-registry", registry.baseUri().toString().replace("/serviceregistry", ""),
                "--url", "https://127.0.0.1:1");
        assertTrue(text.contains("named by the Service Registry"), text);
        assertTrue(text.contains("webhook subscribed: example at https://127.0.0.1:" + webhookPort), text);
        assertTrue(text.contains("OK: published 5, received 5 via SSE and 5 via webhook"), text);
    }

    @Test
    void receivesOverSseAndWebhookWithTheEventHandlerConfigured() {
        final String text = run("--url", server.baseUri().toString());
        assertTrue(text.contains("OK: published 5, received 5 via SSE and 5 via webhook"), text);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
