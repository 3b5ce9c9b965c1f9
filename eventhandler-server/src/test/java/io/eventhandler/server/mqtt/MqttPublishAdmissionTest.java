package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.MqttConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.Mosquitto;
import io.eventhandler.server.testing.MqttTestClient;
import io.eventhandler.server.testing.Requests;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An MQTT publish is admitted by the same publisher rate limit as {@code POST /eventhandler/publish}: one budget per
 * publisher over both entry points (standalone, plain mode, where MQTT callers are not identified).
 */
class MqttPublishAdmissionTest {

    private static final String PUBLISH = "arrowhead/eventhandler/event-publish/publish";
    private static final int RATE = 3;
    @TempDir
    static Path dir;

    private static Mosquitto mosquitto;
    private static EventHandlerServer server;
    private static EhHttp http;
    private static MqttTestClient publisher;

    @BeforeAll
    static void start() {
        mosquitto = Mosquitto.start(dir.resolve("mosquitto"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                HttpConfiguration.ADDRESS.key(), "127.0.0.1",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID(),
                LimitsConfiguration.PUBLISH_RATE_LIMIT.key(), Integer.toString(RATE),
                MqttConfiguration.ENABLED.key(), "true",
                MqttConfiguration.BROKER_URL.key(), mosquitto.url())));
        http = new EhHttp(server.baseUri());
        publisher = MqttTestClient.connect(mosquitto.url(), "flooder-" + UUID.randomUUID(), true);
        eventually().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> publisher.request(PUBLISH, null,
                Requests.event("warmUp", "0"), null, Duration.ofSeconds(1)).path("status").asInt() == 200);
    }

    @AfterAll
    static void stop() {
        for (final AutoCloseable closeable : new AutoCloseable[] {publisher, server, mosquitto}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (final Exception e) {
                // the next one still closes
            }
        }
    }

    private static Map<String, Object> from(final String publisherName, final String eventType) {
        final Map<String, Object> event = Requests.event(eventType, "x");
        Requests.nested(event, "source").put("systemName", publisherName);
        return event;
    }

    @Test
    void httpAndMqttPublishesShareThePublishersBudget() {
        final String type = EhHttp.uniqueTopic("flood");
        final AtomicReference<JsonNode> refused = new AtomicReference<>();
        // the publisher's whole burst over HTTP, then one more over MQTT: refused unless a second passed meanwhile
        eventually().atMost(Duration.ofSeconds(60)).until(() -> {
            for (int i = 0; i < RATE; i++) {
                http.publish(from("flooder", type));
            }
            final JsonNode answer = publisher.request(PUBLISH, null, from("flooder", type), null);
            if (answer.path("status").asInt() != 200) {
                refused.set(answer);
                return true;
            }
            return false;
        });
        final JsonNode answer = refused.get();
        assertEquals(503, answer.path("status").asInt(), answer::toString);
        assertEquals("EXTERNAL_SERVER_ERROR", answer.path("payload").path("exceptionType").asText());
        assertTrue(answer.path("payload").path("errorMessage").asText().contains("over its publishing limit"),
                answer::toString);
    }
}
