package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two real Event Handlers in one JVM as a primary/backup pair over loopback HTTP: replicas reach the backup and are
 * pruned once dispatched (Table 3.3), the backup mirrors topic QoS and webhook subscriptions and refuses publishers,
 * and when the primary stops the backup takes over at a new epoch, dispatching the copies that were not discarded
 * under their original numbers and numbering new events above the epoch's base.
 */
class ReplicationPairTest {

    /** Table 3.2 category 2 (T = D = 100 ms, L = 0, N = 1): replicated under Proposition 1 with x = 50 ms. */
    private static final TopicQosDTO CATEGORY_2 = new TopicQosDTO(100.0, 100.0, 0, 1, "EDGE", null);

    @AutoClose
    // room for every copy: on a loaded machine the dispatches lag, and a full topic buffer would evict (counted)
    private final InProcessPair pair = new InProcessPair(Map.of(ReplicationConfiguration.BUFFER_PER_TOPIC.key(), "64"),
            "http");

    @Test
    void replicasReachTheBackupAndArePrunedOnceDispatchedAndTheBackupMirrorsAndRefusesPublishers() {
        final EhHttp a = new EhHttp(pair.primary().baseUri());
        final EhHttp b = new EhHttp(pair.backup().baseUri());
        final String topic = EhHttp.uniqueTopic("cat2");
        configure(a, topic);

        eventually().until(() -> b.get("/eventhandler/mgmt/qos").body().contains(topic.toUpperCase(Locale.ROOT)));
        try (SseTestClient stream = SseTestClient.open(pair.primary().baseUri(), topic);
             ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            a.subscribeOk(EhHttp.subscription(topic, receiver.system("mirrored-subscriber"), "/notify"));
            eventually().until(() -> b.get("/eventhandler/mgmt/subscriptions").body().contains("mirrored-subscriber"));
            for (int i = 1; i <= 20; i++) {
                a.publishOk(topic, "e" + i);
            }
            eventually().until(() -> stream.events().size() == 20);
            eventually().until(() -> receiver.accepted().size() == 20);
            eventually().untilAsserted(() -> {
                final JsonNode buffer = replication(b).get("buffer");
                // every event is either replicated or its replication aborted because it was dispatched first
                final long notSent = ReplicationViews.replicationsNotSent(a);
                assertEquals(20, buffer.get("received").asLong() + notSent, buffer + ", aborted " + notSent);
                assertEquals(buffer.get("received").asLong(), buffer.get("pruned").asLong(),
                        () -> "every dispatched original pruned its copy; the primary's link: "
                                + replication(a).get("link"));
                assertEquals(0, buffer.get("held").asLong());
            });
        }
        final JsonNode primaryView = replication(a);
        assertEquals("PRIMARY", primaryView.get("role").asText());
        assertTrue(primaryView.get("link").get("connected").asBoolean());
        assertEquals("BACKUP", replication(b).get("role").asText());

        final HttpResponse<String> refused = b.publish(EhHttp.event(topic, "to the backup"));
        assertEquals(503, refused.statusCode(), refused::body);
        final ErrorMessageDTO error = EhHttp.error(refused);
        assertEquals(ExceptionType.UNAVAILABLE, error.exceptionType());
        assertEquals(503, b.subscribe(EhHttp.subscription(topic, EhHttp.PUBLISHER, "/x")).statusCode());
        assertEquals(200, b.get("/eventhandler/echo").statusCode(), "reads are still served");
    }

    @Test
    void theBackupTakesOverDispatchingTheCopiesNotDiscardedUnderTheirNumbersAndNumbersNewEventsInANewEpoch() {
        final EhHttp a = new EhHttp(pair.primary().baseUri());
        final EhHttp b = new EhHttp(pair.backup().baseUri());
        final String topic = EhHttp.uniqueTopic("cat2");
        configure(a, topic);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            // the subscriber holds every request: no dispatch completes, so no copy is discarded
            receiver.otherwise(ScriptedWebhookReceiver.Answer.STALL);
            a.subscribeOk(EhHttp.subscription(topic, receiver.system("slow-subscriber"), "/notify"));
            eventually().until(() -> b.get("/eventhandler/mgmt/subscriptions").body().contains("slow-subscriber"));
            for (int i = 1; i <= 5; i++) {
                a.publishOk(topic, "before-" + i);
            }
            eventually().until(() -> replication(b).get("buffer").get("held").asLong() == 5);

            pair.closePrimary();

            eventually().until(() -> replication(b).get("serving").asBoolean());
            final JsonNode promoted = replication(b);
            assertEquals("PRIMARY", promoted.get("role").asText());
            assertEquals(1, promoted.get("epoch").asLong());
            assertEquals(5, promoted.get("lastRecovered").asLong());
            assertTrue(promoted.get("lastFailoverMs").asDouble() > 20, "at least the failure timeout of silence");

            b.publishOk(topic, "after");
            receiver.release();
            eventually().untilAsserted(() -> {
                final Map<String, Long> byPayload = new HashMap<>();
                receiver.accepted().forEach(r -> byPayload.put(r.event().payload(), r.sequence()));
                for (int i = 1; i <= 5; i++) {
                    assertEquals(i, byPayload.get("before-" + i), "recovered copy keeps the primary's number");
                }
                assertEquals(RoleState.sequenceBase(1) + 1, byPayload.get("after"), "a new epoch's number");
            });
        }
    }

    private static void configure(final EhHttp http, final String topic) {
        final HttpResponse<String> put = http.request("PUT", "/eventhandler/mgmt/qos/topics/" + topic,
                "application/json", EhHttp.json(CATEGORY_2));
        assertEquals(200, put.statusCode(), put::body);
        assertTrue(put.body().contains("\"replicationNeeded\":true"), put::body);
    }

    private static JsonNode replication(final EhHttp http) {
        final HttpResponse<String> response = http.get("/eventhandler/mgmt/replication");
        assertEquals(200, response.statusCode(), response::body);
        try {
            return EhHttp.JSON.readTree(response.body());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
