package io.eventhandler.server.delivery;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.qos.QosOverviewDTO;
import io.eventhandler.api.qos.TopicDeliveryDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Topic QoS configured at runtime survives a restart with the subscription store: the retention announced to
 * publishers ({@code Eh-Retention}) and the whole configured QoS are the same after it, a removal too; and a store
 * in memory loses it, as it loses the subscriptions.
 */
class StoredTopicQosTest {

    private static final String TOPIC = "kept.qos";

    private static EventHandlerServer start(final String storeUrl) {
        return EventHandlerServer.start(ServerConfiguration.fromMap(Map.of("server.port", "0",
                "eh.store.url", storeUrl)));
    }

    private static String retention(final EhHttp http) {
        final HttpResponse<String> published = http.publish(EhHttp.event(TOPIC, "1"));
        EhHttp.assertOkEmpty(published);
        return published.headers().firstValue(EventHandlerApi.RETENTION_HEADER).orElse("absent");
    }

    private static Optional<TopicDeliveryDTO> configured(final EhHttp http) {
        final HttpResponse<String> overview = http.get(EventHandlerApi.BASE_PATH + "/mgmt/qos");
        assertEquals(200, overview.statusCode(), overview::body);
        return EhHttp.read(overview.body(), QosOverviewDTO.class).topics().stream()
                .filter(t -> t.topic().equalsIgnoreCase(TOPIC) && t.configured() != null).findFirst();
    }

    @Test
    void qosSetAtRuntimeIsTheSameAfterARestart(@TempDir final Path dir) {
        final String store = "jdbc:h2:file:" + dir.resolve("store").toAbsolutePath();
        final TopicDeliveryDTO before;
        try (EventHandlerServer server = start(store)) {
            final EhHttp http = new EhHttp(server.baseUri());
            final HttpResponse<String> put = http.request("PUT", EventHandlerApi.BASE_PATH + "/mgmt/qos/topics/"
                    + TOPIC, "application/json", "{\"periodMs\": 100, \"deadlineMs\": 1000, \"lossTolerance\": 2, "
                    + "\"retention\": 6}");
            assertEquals(200, put.statusCode(), put.body());
            assertEquals("6", retention(http));
            before = configured(http).orElseThrow();
        }
        try (EventHandlerServer server = start(store)) {
            final EhHttp http = new EhHttp(server.baseUri());
            assertEquals("6", retention(http), "retention announced after the restart");
            assertEquals(before.configured(), configured(http).orElseThrow().configured());
            EhHttp.assertOkEmpty(http.request("DELETE", EventHandlerApi.BASE_PATH + "/mgmt/qos/topics/" + TOPIC,
                    null, null));
        }
        try (EventHandlerServer server = start(store)) {
            final EhHttp http = new EhHttp(server.baseUri());
            assertEquals("0", retention(http), "a removal is kept too");
            assertTrue(configured(http).isEmpty());
        }
    }

    @Test
    void aStoreInMemoryForgetsItWithTheSubscriptions() {
        try (EventHandlerServer server = start("jdbc:h2:mem:qos-forgotten")) {
            final EhHttp http = new EhHttp(server.baseUri());
            assertEquals(200, http.request("PUT", EventHandlerApi.BASE_PATH + "/mgmt/qos/topics/" + TOPIC,
                    "application/json", "{\"periodMs\": 100, \"deadlineMs\": 1000, \"retention\": 6}")
                    .statusCode());
        }
        try (EventHandlerServer server = start("jdbc:h2:mem:qos-forgotten")) {
            assertEquals("0", retention(new EhHttp(server.baseUri())));
        }
    }
}
