package io.eventhandler.server.history;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.GapNotice;
import io.eventhandler.api.history.HistoryPageDTO;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heap budget of all topics' in-memory histories ({@code eh.history.memory.max.bytes}), over real HTTP: many
 * topics publishing end within the budget, every event trimmed for it is counted, and a subscriber resuming from
 * before what was trimmed is told of a {@code history} gap.
 */
class HistoryMemoryBudgetTest {

    private static final int BUDGET = 64 * 1024;
    private static final int TOPICS = 20;
    private static final int EVENTS_PER_TOPIC = 20;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            HistoryConfiguration.MEMORY_MAX_BYTES.key(), Integer.toString(BUDGET)));
    private static final EhHttp http = server.http();

    private static HistoryStatus status() {
        final var response = http.get(EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_HISTORY);
        assertEquals(200, response.statusCode(), response.body());
        return EhHttp.read(response.body(), HistoryStatus.class);
    }

    @Test
    void manyTopicsEndWithinTheBudgetEveryTrimIsCountedAndAResumeFromBeforeGetsAGap() {
        final HistoryStatus before = status();
        assertEquals(BUDGET, before.memoryMaxBytes());
        final List<String> topics = new ArrayList<>();
        final String payload = "p".repeat(500);
        for (int t = 0; t < TOPICS; t++) {
            final String topic = uniqueTopic("budget");
            topics.add(topic);
            for (int i = 0; i < EVENTS_PER_TOPIC; i++) {
                http.publishOk(topic, payload);
            }
        }
        // the publishing topics trimmed themselves; the sweep trims those that stopped
        eventually().until(() -> status().memoryHeldBytes() <= BUDGET);

        final HistoryStatus after = status();
        final EhHttp.Stats stats = http.statistics();
        final long held = topics.stream().mapToLong(t -> stats.topic(t).historySize()).sum();
        final long published = (long) TOPICS * EVENTS_PER_TOPIC;
        assertTrue(held < published, () -> "the budget must have trimmed something: " + held + " held");
        assertTrue(held > 0, "the budget keeps some history");
        assertEquals(published - held, after.trimmedForMemory() - before.trimmedForMemory(),
                "every event not held (the count bound of 1024 is not reached) was trimmed for memory, and counted");

        final PrometheusText metrics = PrometheusText.parse(http.get(EventHandlerApi.BASE_PATH + "/metrics").body());
        assertEquals(after.trimmedForMemory(), metrics.value("eh_history_trimmed_total", "reason", "memory"));
        assertEquals(BUDGET, metrics.value("eh_history_memory_max_bytes"));
        assertTrue(metrics.value("eh_history_memory_held_bytes") <= BUDGET);

        final String first = topics.get(0);
        final long oldest = stats.topic(first).oldestInHistory();
        assertTrue(oldest > 1, () -> "the first topic, quiet since, was trimmed to its share: oldest " + oldest);
        final HistoryPageDTO page = EhHttp.read(http.get(EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_EVENTS
                + "?eventtype=" + first + "&after=0").body(), HistoryPageDTO.class);
        assertEquals(oldest, page.oldest());
        assertEquals(oldest, page.events().get(0).sequence());

        try (SseTestClient sse = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=" + URLEncoder.encode(first, StandardCharsets.UTF_8),
                EventHandlerApi.LAST_EVENT_ID_HEADER + ": 0")) {
            assertEquals(200, sse.status(), sse::errorBody);
            eventually().until(() -> sse.ids().size() >= EVENTS_PER_TOPIC - oldest + 1);
            assertEquals(List.of(new GapNotice(first, 1, oldest - 1, oldest - 1, GapNotice.REASON_HISTORY)),
                    sse.gaps());
            assertEquals(LongStream.rangeClosed(oldest, EVENTS_PER_TOPIC).boxed().toList(), sse.ids());
        }
    }
}
