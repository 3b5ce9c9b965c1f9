package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real server in an Arrowhead 5 cloud ({@code eh.arrowhead.dialect=arrowhead5}, plain HTTP): it registers in the
 * 5.x ServiceRegistry double, identifies callers by {@code Authorization: Bearer SYSTEM//<Name>} on publish and on
 * the SSE stream, refuses callers without it with 5.x's texts, and revokes its registration when it stops.
 */
class DeclaredIdentityTest {

    private static final String PUBLISH_ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;

    @TempDir
    Path dataDir;

    private final FakeServiceRegistry5 registry = new FakeServiceRegistry5();
    private final FakeConsumerAuthorization5 authorization = new FakeConsumerAuthorization5();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private EventHandlerServer server;

    @BeforeEach
    void start() {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "200");
        settings.put(Arrowhead5Configuration.SYSTEM_NAME.key(), "EventHandler");
        settings.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(), Integer.toString(authorization.port()));
        authorization.grantManagement("EventHandler");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        registry.close();
        authorization.close();
    }

    @Test
    void registersAndRevokesThroughTheServerLifecycle() {
        await().atMost(Duration.ofSeconds(30)).until(() -> registry.instances().size() == 2);
        assertEquals(server.port(), registry.instances().get("EventHandler|eventPublish|1.0.0").interfaces().get(0)
                .properties().get("accessPort"));

        server.close();
        server = null;

        assertTrue(registry.instances().isEmpty());
        assertTrue(registry.systems().isEmpty());
    }

    @Test
    void aPublisherDeclaringItselfMayPublishAsItself() throws Exception {
        final Map<String, Object> event = Requests.event("temperatureReading", "21.5");
        Requests.nested(event, "source").put("systemName", "TemperatureSensor");

        assertEquals(200, publish(event, "Bearer SYSTEM//TemperatureSensor").statusCode());
    }

    @Test
    void aPublisherWithoutTheHeaderIsRefusedWithFiveTexts() throws Exception {
        final Map<String, Object> event = Requests.event("temperatureReading", "21.5");

        Requests.assertError(publish(event, null), 401, ExceptionType.AUTH, PUBLISH_ORIGIN,
                "No authorization header has been provided");
        Requests.assertError(publish(event, "Bearer IDENTITY-TOKEN//abc"), 401, ExceptionType.AUTH, PUBLISH_ORIGIN,
                "Invalid authorization header");
    }

    @Test
    void aPublisherNamingAnotherSourceIsRefused() throws Exception {
        final Map<String, Object> event = Requests.event("temperatureReading", "21.5");
        Requests.nested(event, "source").put("systemName", "TemperatureSensor");

        Requests.assertError(publish(event, "Bearer SYSTEM//Intruder"), 401, ExceptionType.AUTH, PUBLISH_ORIGIN,
                "Requester system name (TemperatureSensor) and the declared system name (Intruder) do not match");
    }

    @Test
    void theSseStreamNeedsTheDeclaredName() throws Exception {
        final URI stream = URI.create(server.baseUri() + EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION
                + "?eventtype=temperatureReading");
        final HttpResponse<InputStream> refused = http.send(HttpRequest.newBuilder(stream).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = refused.body()) {
            assertEquals(401, refused.statusCode());
            assertTrue(new String(body.readAllBytes()).contains("No authorization header has been provided"));
        }
        final HttpResponse<InputStream> admitted = http.send(HttpRequest.newBuilder(stream)
                .header("Authorization", "Bearer SYSTEM//AlarmDashboard").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream ignored = admitted.body()) {
            assertEquals(200, admitted.statusCode());
        }
    }

    private HttpResponse<String> publish(final Map<String, Object> event, final String authorization)
            throws IOException, InterruptedException {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUri() + PUBLISH_ORIGIN))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(EhHttp.json(event)));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
