package io.eventhandler.server.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Events replayed from the history to a subscriber that attached later are delivered long after their creation:
 * that is no missed deadline. They are counted apart ({@code fromHistory}), outside the deadline counts and the
 * latency, while a live event that is late still counts as missed.
 */
class HistoryReplayDeadlineTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());
    private static final EhHttp http = server.http();

    /** An event created 5 s ago: past the default 1 s deadline whenever it is delivered. */
    private static EventPublishRequestDTO old(final String topic, final String payload) {
        return new EventPublishRequestDTO(topic, EhHttp.PUBLISHER, null, payload,
                Instant.now().minusSeconds(5).toString());
    }

    private static JsonNode topicStatistics(final String topic) {
        return EhHttp.read(http.get("/eventhandler/mgmt/delivery").body(), JsonNode.class)
                .path("topics").path(TopicName.normalise(topic));
    }

    @Test
    void eventsReplayedFromTheHistoryAreCountedApartAndNotAsMissedDeadlines() {
        final String topic = uniqueTopic("replayed");
        for (int i = 1; i <= 3; i++) {
            http.publishOk(old(topic, "before-" + i));
        }
        try (SseTestClient late = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic,
                "Last-Event-ID: 0")) {
            eventually().until(() -> late.ids().size() == 3);
            assertEquals(List.of(1L, 2L, 3L), late.ids());
            eventually().until(() -> topicStatistics(topic).path("fromHistory").asLong() == 3);
            final JsonNode replayed = topicStatistics(topic);
            assertEquals(0, replayed.path("delivered").asLong(), replayed::toString);
            assertEquals(0, replayed.path("deadlineMissed").asLong(), replayed::toString);
            assertEquals(0, replayed.path("latency").path("count").asLong(), replayed::toString);

            // a live event that is late is a missed deadline, as before
            http.publishOk(old(topic, "live"));
            eventually().until(() -> late.ids().size() == 4);
            eventually().until(() -> topicStatistics(topic).path("deadlineMissed").asLong() == 1);
            final JsonNode live = topicStatistics(topic);
            assertEquals(1, live.path("delivered").asLong(), live::toString);
            assertEquals(3, live.path("fromHistory").asLong(), live::toString);
        }
    }
}
