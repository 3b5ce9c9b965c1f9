package io.eventhandler.server.sse;

import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams whose clients resume from the start of a history of large events and then read nothing hold what their
 * connections queued; once they hold more than {@code eh.sse.stalled.memory.bytes} together, the ones behind longest
 * are disconnected as too slow (the stall timeout is off here, so nothing else would), while a stream that reads keeps
 * its subscription and every event.
 */
class StalledStreamBudgetTest {

    private static final int BUDGET_BYTES = 256 * 1024;
    private static final int STALLED = 10;

    @RegisterExtension
    static final RunningServer server = LargeHistoryServer.withBudget(BUDGET_BYTES);
    private static final EhHttp http = server.http();

    private static long tooSlow() {
        return http.statistics().disconnects().getOrDefault("TOO_SLOW", 0L);
    }

    @Test
    void streamsThatReadNothingAreDisconnectedPastTheBudgetAndAReaderKeepsEveryEvent() {
        final String topic = uniqueTopic("stalled-budget");
        LargeHistoryServer.fillHistory(http, topic);
        final long before = tooSlow();
        final List<SseTestClient> stalled = new ArrayList<>();
        try (SseTestClient reader = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic,
                "Last-Event-ID: 0")) {
            for (int i = 0; i < STALLED; i++) {
                // a small receive buffer: the kernel takes only what the server's send buffer holds
                stalled.add(SseTestClient.openPausedQuery(server.baseUri(), "?eventtype=" + topic, 1024,
                        "Last-Event-ID: 0"));
            }
            // each replay fills its socket's buffers and then holds a batch and what its connection queued (over
            // 64 KiB): ten of them are over the budget, and nothing else disconnects them
            eventually().atMost(Duration.ofSeconds(30)).until(() -> tooSlow() > before);

            // the reader, behind while it catches up but taking bytes all the time, keeps its stream: every event
            // of the history, then what comes next
            http.publishOk(topic, "after");
            eventually().atMost(Duration.ofSeconds(30)).failFast("the reader's stream ended", reader::ended)
                    .until(() -> reader.ids().size() == LargeHistoryServer.EVENTS + 1);
            assertEquals(LongStream.rangeClosed(1, LargeHistoryServer.EVENTS + 1).boxed().toList(), reader.ids());

            // each of the others was let in and disconnected, let in and kept (within the budget), or refused while
            // the streams behind held more than the budget; reading now, each finds which
            stalled.forEach(SseTestClient::startReading);
            eventually().atMost(Duration.ofSeconds(30)).until(() -> stalled.stream()
                    .allMatch(c -> c.status() == 503 && c.ended() || c.status() == 200 && !c.ids().isEmpty()));
            final List<SseTestClient> refused = stalled.stream().filter(c -> c.status() == 503).toList();
            for (final SseTestClient client : refused) {
                assertTrue(client.errorBody().contains("eh.sse.stalled.memory.bytes"), client.errorBody());
                assertTrue(client.headers().containsKey("retry-after"), client.headers()::toString);
            }
            final long admitted = STALLED - refused.size();
            eventually().atMost(Duration.ofSeconds(30)).until(() -> stalled.stream()
                    .filter(c -> c.status() == 200 && c.ended()).count() == tooSlow() - before);
            final long kept = admitted - (tooSlow() - before);
            assertTrue(tooSlow() - before >= 1 && kept >= 0, admitted + " admitted, " + kept + " kept");
            assertEquals(1 + kept, http.statistics().subscribersOf(topic).size(), "the reader and the kept ones");
        } finally {
            stalled.forEach(SseTestClient::close);
        }
    }
}
