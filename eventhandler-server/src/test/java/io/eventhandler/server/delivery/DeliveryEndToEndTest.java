package io.eventhandler.server.delivery;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriberRequirementsDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.qos.QosOverviewDTO;
import io.eventhandler.api.qos.TopicDeliveryDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.error;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Topic QoS in the running Event Handler: loaded from the topics file and changed through the management API with
 * FRAME's admission test (409 with the reason and the smallest N), subscribers' stricter requests tightening a topic
 * while they are subscribed or refused, and the delivery counters after real SSE deliveries.
 */
class DeliveryEndToEndTest {

    /** FRAME's Table 3.2 categories 1 and 2 (times in ms). */
    private static final String TOPICS = """
            {"topics": {
              "ALARM":   {"periodMs": 50,  "deadlineMs": 50,  "lossTolerance": 3, "retention": 0},
              "LEVEL":   {"periodMs": 100, "deadlineMs": 100, "lossTolerance": 0, "retention": 1}
            }}
            """;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(DeliveryConfiguration.TOPICS.key(),
            TestFiles.temporary("topics", TOPICS).toString(), DeliveryConfiguration.BACKUP_LATENCY_MS.key(), "0.05"));
    private static final EhHttp http = server.http();

    private static QosOverviewDTO overview() {
        return EhHttp.read(http.get("/eventhandler/mgmt/qos").body(), QosOverviewDTO.class);
    }

    private static TopicDeliveryDTO topic(final String name) {
        return overview().topics().stream().filter(t -> t.topic().equals(name)).findFirst().orElseThrow();
    }

    private static HttpResponse<String> put(final String topic, final String body) {
        return http.request("PUT", "/eventhandler/mgmt/qos/topics/" + topic, "application/json", body);
    }

    @Test
    void theTopicsFileIsAdmittedWithThePapersDeadlines() {
        final QosOverviewDTO overview = overview();
        assertEquals("EDF", overview.policy());
        assertEquals(0.05, overview.latencies().brokerToBackupMs());
        final TopicDeliveryDTO alarm = topic("ALARM");
        assertEquals(49.0, alarm.dispatchDeadlineMs()); // D − Δ_PB − Δ_BS = 50 − 0 − 1
        assertEquals(99.95, alarm.replicationDeadlineMs(), 1e-9); // (0 + 3) · 50 − 0.05 − 50
        assertEquals(false, alarm.replicationNeeded());
        final TopicDeliveryDTO level = topic("LEVEL");
        assertEquals(true, level.replicationNeeded(), "category 2 needs replication (Proposition 1)");
        assertEquals(1000.0, overview.defaultTopic().effective().deadlineMs());
    }

    @Test
    void anInadmissibleTopicIsRefusedWithTheReasonAndTheSmallestRetention() {
        final HttpResponse<String> refused = put("urgent", """
                {"periodMs": 50, "deadlineMs": 50, "lossTolerance": 0, "retention": 1}
                """);
        assertEquals(409, refused.statusCode(), refused.body());
        final ErrorMessageDTO error = error(refused);
        assertEquals(ExceptionType.INVALID_PARAMETER, error.exceptionType());
        assertTrue(error.errorMessage().contains("URGENT") && error.errorMessage().contains("smallest retention N that admits it is 2"),
                error.errorMessage());
        assertTrue(overview().topics().stream().noneMatch(t -> t.topic().equals("URGENT")));

        final HttpResponse<String> admitted = put("urgent", """
                {"periodMs": 50, "deadlineMs": 50, "lossTolerance": 0, "retention": 2}
                """);
        assertEquals(200, admitted.statusCode(), admitted.body());
        assertEquals(2, topic("URGENT").effective().retention());
        EhHttp.assertOkEmpty(http.request("DELETE", "/eventhandler/mgmt/qos/topics/urgent", null, null));
        assertEquals(404, http.request("DELETE", "/eventhandler/mgmt/qos/topics/urgent", null, null).statusCode());

        final HttpResponse<String> bad = put("other", """
                {"periodMs": -5, "lossTolerance": -1}
                """);
        assertEquals(400, bad.statusCode(), bad.body());
        assertEquals(ExceptionType.BAD_PAYLOAD, error(bad).exceptionType());
    }

    @Test
    void aSubscriberTightensItsTopicWhileSubscribedAndIsRefusedWhatCannotBeAdmitted() {
        try (SseTestClient strict = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=alarm&deadline_ms=40&loss_tolerance=2")) {
            assertEquals(200, strict.status(), strict.errorBody());
            final TopicDeliveryDTO alarm = topic("ALARM");
            assertEquals(40.0, alarm.requested().deadlineMs());
            assertEquals(40.0, alarm.effective().deadlineMs());
            assertEquals(2, alarm.effective().lossTolerance());
            assertEquals(50.0, alarm.configured().deadlineMs());
        }
        eventually().until(() -> topic("ALARM").requested() == null);
        assertEquals(50.0, topic("ALARM").effective().deadlineMs());

        // L = 0 without publisher retention loses the event that arrives just before a crash: not admissible
        try (SseTestClient impossible = SseTestClient.openQuery(server.baseUri(), "?eventtype=alarm&loss_tolerance=0")) {
            assertEquals(409, impossible.status());
            assertTrue(impossible.errorBody().contains("ALARM"), impossible.errorBody());
        }
        final HttpResponse<String> webhook = http.subscribe(new SubscriptionRequestDTO("alarm",
                SystemRequestDTO.of("siren", "127.0.0.1", 9998), null, "/notify", false, null, null, null,
                new SubscriberRequirementsDTO(null, null, 0)));
        assertEquals(409, webhook.statusCode(), webhook.body());
        assertNull(topic("ALARM").requested());
    }

    @Test
    void aFarSubscriberShortensTheDispatchDeadlineOrIsRefusedWhenNoTimeIsLeft() {
        try (SseTestClient far = SseTestClient.openQuery(server.baseUri(), "?eventtype=alarm&latency_ms=30")) {
            assertEquals(200, far.status(), far.errorBody());
            final TopicDeliveryDTO alarm = topic("ALARM");
            assertEquals(30.0, alarm.subscriberLatencyMs());
            assertEquals(20.0, alarm.dispatchDeadlineMs()); // D − Δ_PB − Δ_BS = 50 − 0 − 30
            assertEquals(30.0, alarm.requested().latencyMs());
        }
        eventually().until(() -> topic("ALARM").subscriberLatencyMs() == 1.0);
        try (SseTestClient tooFar = SseTestClient.openQuery(server.baseUri(), "?eventtype=alarm&latency_ms=60")) {
            assertEquals(409, tooFar.status());
            assertTrue(tooFar.errorBody().contains("dispatch deadline"), tooFar.errorBody());
        }
    }

    @Test
    void deliveriesAreCountedAgainstTheTopicsDeadline() {
        try (SseTestClient level = SseTestClient.open(server.baseUri(), "level")) {
            for (int i = 0; i < 5; i++) {
                http.publishOk("level", "reading " + i);
            }
            eventually().until(() -> level.payloads().size() == 5);
        }
        eventually().until(() -> statistics().contains("\"LEVEL\":{\"delivered\":5"));
        final String statistics = statistics();
        assertTrue(statistics.contains("\"deadlineMissed\":0"), statistics);
        assertTrue(statistics.contains("\"longestLossRun\":0"), statistics);
        // category 2 needs replication: with no backup configured the copies are counted as kept, and each is
        // discarded once its event reached the subscriber
        assertTrue(statistics.contains("\"enqueuedReplications\":5"), statistics);
    }

    @Test
    void theSubscribersStatisticsCanBeLeftOut() {
        try (SseTestClient gauge = SseTestClient.open(server.baseUri(), "gauge")) {
            http.publishOk("gauge", "reading");
            eventually().until(() -> gauge.payloads().size() == 1);
            eventually().until(() -> statistics().contains("\"GAUGE\":{\"delivered\":1"));
            assertTrue(statistics().matches("(?s).*\"subscribers\":\\{\"[^}]*sse#.*"), statistics());
            final String topicsOnly = http.get("/eventhandler/mgmt/delivery?subscribers=false").body();
            assertTrue(topicsOnly.contains("\"GAUGE\":{\"delivered\":1"), topicsOnly);
            assertTrue(topicsOnly.contains("\"subscribers\":{}"), topicsOnly);
        }
    }

    private static String statistics() {
        return http.get("/eventhandler/mgmt/delivery").body();
    }

    @Test
    void anInadmissibleTopicInTheFileStopsTheStart(@TempDir final Path dir) throws IOException {
        final Path topics = dir.resolve("topics.json");
        Files.writeString(topics, """
                {"topics": {"EMERGENCY": {"periodMs": 50, "deadlineMs": 50, "lossTolerance": 0, "retention": 1}}}
                """);
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> EventHandlerServer.start(
                ServerConfiguration.fromMap(Map.of(HttpConfiguration.PORT.key(), "0",
                        StoreConfiguration.URL.key(), "jdbc:h2:mem:bad-topics",
                        DeliveryConfiguration.TOPICS.key(), topics.toString()))));
        assertTrue(e.getMessage().contains("eh.qos.topics=" + topics) && e.getMessage().contains("EMERGENCY")
                && e.getMessage().contains("smallest retention N that admits it is 2"), e.getMessage());
    }
}
