package io.eventhandler.server.sse;

import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber that stops reading is hopeless once it has not kept up for {@code eh.sse.stall.timeout.ms}: it is
 * disconnected with the reason counted, its connection closed although a write to it is stuck, and it can come back
 * and resume from the history with {@code Last-Event-ID}. A subscriber that keeps up is never touched.
 */
class StalledSseSubscriberTest {

    private static final int PAYLOAD_CHARS = 100_000;
    /** Long enough that a healthy reader on a loaded machine is never taken for a stalled one. */
    private static final long STALL_TIMEOUT_MS = 1_500;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), "4",
            HistoryConfiguration.SIZE.key(), "64",
            StreamConfiguration.STALL_TIMEOUT_MS.key(), Long.toString(STALL_TIMEOUT_MS),
            LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(4 * PAYLOAD_CHARS)));
    private static final EhHttp http = server.http();

    private static String payload(final long i) {
        return i + ":" + "s".repeat(PAYLOAD_CHARS);
    }

    private static long tooSlow() {
        return http.statistics().disconnects().getOrDefault("TOO_SLOW", 0L);
    }

    @Test
    void aSubscriberThatStopsReadingIsDisconnectedAndResumesFromTheHistory() {
        final String topic = uniqueTopic("stalled");
        final long before = tooSlow();
        try (SseTestClient healthy = SseTestClient.open(server.baseUri(), topic);
             SseTestClient stalled = SseTestClient.openPaused(server.baseUri(), topic, 1024)) {
            final int stalledPort = stalled.localPort();
            eventually().until(() -> http.statistics().subscribersOf(topic).size() == 2);
            // fill its socket buffers and its queue, until it loses events
            long published = 0;
            while (published < 1_000 && !overflowed(topic, stalledPort)) {
                http.publishOk(topic, payload(++published));
                // paced by the healthy reader: a loss is then the stalled stream's full buffers, not a moment when
                // delivery lagged behind the publisher (which lost events before its buffers were full, and it was
                // never found too slow)
                final long sent = published;
                eventually().until(() -> healthy.ids().size() == sent);
            }
            // on a loaded machine the dispatches may still be queued: the overflow comes when they run
            eventually().atMost(Duration.ofSeconds(30)).until(() -> overflowed(topic, stalledPort));
            final long last = published;
            eventually().atMost(Duration.ofSeconds(30)).until(() -> tooSlow() > before);
            final List<EhHttp.Stats.Subscriber> left = http.statistics().subscribersOf(topic);
            assertEquals(1, left.size(), left::toString);
            assertTrue(left.get(0).subscriber().endsWith(":" + healthy.localPort()), "the healthy one stays");
            eventually().until(() -> healthy.ids().size() == last);

            // the connection was closed: reading again it sees what had reached it, then the end of the stream
            stalled.startReading();
            eventually().until(stalled::ended);
            final List<Long> received = stalled.ids();
            assertTrue(received.size() < last, "it had fallen behind");

            // it comes back and resumes where it was: nothing the history holds is lost
            final long resumeAfter = received.isEmpty() ? 0 : received.get(received.size() - 1);
            try (SseTestClient back = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic,
                    "Last-Event-ID: " + resumeAfter)) {
                eventually().until(() -> back.ids().size() == last - resumeAfter);
                assertEquals(LongStream.rangeClosed(resumeAfter + 1, last).boxed().toList(), back.ids());
            }
        }
        assertTrue(tooSlow() == before + 1, "the healthy subscriber was never disconnected as too slow");
    }

    private boolean overflowed(final String topic, final int stalledPort) {
        return http.statistics().subscribersOf(topic).stream()
                .filter(s -> s.subscriber().endsWith(":" + stalledPort)).anyMatch(s -> s.dropped() > 0);
    }
}
