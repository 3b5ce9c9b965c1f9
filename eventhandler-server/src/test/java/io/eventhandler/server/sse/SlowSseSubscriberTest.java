package io.eventhandler.server.sse;

import io.eventhandler.api.GapNotice;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber that stops reading (a socket with a tiny receive buffer that reads nothing) fills the connection's
 * buffers, then its bounded outbox; from then on its events are dropped, counted, and told to it as one
 * {@code overflow} gap once it reads again. Nobody else waits for it: not the publisher, not the other subscriber.
 *
 * <p>Events are large so that the socket and Grizzly buffers (several MB on loopback) fill after few publishes.
 */
class SlowSseSubscriberTest {

    private static final int CAPACITY = 8;
    private static final int PAYLOAD_CHARS = 200_000;
    /** Events dropped for the stalled subscriber before it resumes. */
    private static final int DROPS = 12;
    /** Events published after it resumed. */
    private static final int AFTER = 3;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), Integer.toString(CAPACITY),
            HistoryConfiguration.SIZE.key(), "4",
            LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(4 * PAYLOAD_CHARS)));
    private static final EhHttp http = server.http();

    private static String payload(final long i) {
        return i + ":" + "s".repeat(PAYLOAD_CHARS);
    }

    private static Optional<EhHttp.Stats.Subscriber> subscriberAt(final EhHttp.Stats stats, final String topic,
                                                                  final int clientPort) {
        return stats.subscribersOf(topic).stream().filter(s -> s.subscriber().endsWith(":" + clientPort)).findFirst();
    }

    @Test
    void aStalledSubscriberDelaysNobodyOverflowsAndIsToldOfTheGapWhenItReadsAgain() {
        final String topic = uniqueTopic("slow");
        try (SseTestClient stalled = SseTestClient.openPaused(server.baseUri(), topic, 1024)) {
            final int stalledPort = stalled.localPort();
            eventually().until(() -> subscriberAt(http.statistics(), topic, stalledPort).isPresent());
            try (SseTestClient healthy = SseTestClient.open(server.baseUri(), topic)) {
                // Publish until DROPS events were dropped for the stalled one; the healthy one gets each event
                // before the next is published, and every publish is answered 200. That is the proof that nobody
                // waits for the stalled one (its queue stays full, below): were delivery held up behind it, the
                // healthy subscriber would get nothing more. No wall-clock bound: a loaded machine is only slower.
                long published = 0;
                long dropped = 0;
                while (dropped < DROPS) {
                    assertTrue(published < 1_000, "the stalled stream never overflowed");
                    http.publishOk(topic, payload(++published));
                    final long expected = published;
                    eventually().until(() -> healthy.ids().size() >= expected);
                    dropped = subscriberAt(http.statistics(), topic, stalledPort).orElseThrow().dropped();
                }
                final long stalledAt = published;
                assertEquals(LongStream.rangeClosed(1, stalledAt).boxed().toList(), healthy.ids());
                assertTrue(healthy.gaps().isEmpty(), () -> "the healthy subscriber lost nothing: " + healthy.gaps());
                assertEquals(LongStream.rangeClosed(1, stalledAt).mapToObj(SlowSseSubscriberTest::payload).toList(),
                        healthy.payloads());

                final EhHttp.Stats stats = http.statistics();
                final EhHttp.Stats.Subscriber slow = subscriberAt(stats, topic, stalledPort).orElseThrow();
                final EhHttp.Stats.Subscriber fine = subscriberAt(stats, topic, healthy.localPort()).orElseThrow();
                assertEquals(DROPS, slow.dropped(), slow::toString);
                assertEquals(stalledAt, slow.queued() + slow.dropped(), "each event was either queued or dropped");
                assertTrue(slow.pending() > 0, () -> "the stalled one is stuck with a full queue: " + slow);
                assertEquals(0, fine.dropped(), fine::toString);
                assertEquals(stalledAt, fine.delivered(), fine::toString);
                assertEquals(DROPS, stats.topic(topic).deliveriesDropped(), "the topic counts the same drops");
                assertEquals(stalledAt, stats.topic(topic).accepted());

                // It reads again: it gets what was queued, and once its queue is empty the next events arrive
                // behind one overflow gap naming exactly the dropped ids.
                stalled.startReading();
                eventually().until(() -> subscriberAt(http.statistics(), topic, stalledPort).orElseThrow()
                        .pending() == 0);
                for (long i = stalledAt + 1; i <= stalledAt + AFTER; i++) {
                    http.publishOk(topic, payload(i));
                }
                final long last = stalledAt + AFTER;
                eventually().until(() -> stalled.ids().contains(last));
                eventually().until(() -> healthy.ids().size() >= last);

                assertEquals(200, stalled.status());
                assertEquals(server.configuration().streams().retryMs(), stalled.retry());
                assertFramesCoverEveryIdOnce(stalled.frames(), topic, last);
                final List<SseTestClient.Frame> frames = stalled.frames();
                int gapIndex = -1;
                for (int i = 0; i < frames.size(); i++) {
                    if (frames.get(i).isGap()) {
                        gapIndex = i;
                    }
                }
                assertTrue(gapIndex >= 0, "an overflow gap was sent");
                final GapNotice gap = frames.get(gapIndex).gap();
                assertEquals(stalledAt, gap.lastMissingId(), "the drops ran up to the last event before it resumed");
                assertEquals(stalledAt + 1, frames.get(gapIndex + 1).sequence(),
                        "the gap comes right before the first event published after it resumed");
                final long missed = stalled.gaps().stream().mapToLong(GapNotice::missed).sum();
                final EhHttp.Stats.Subscriber resumed = subscriberAt(http.statistics(), topic, stalledPort)
                        .orElseThrow();
                assertEquals(DROPS, resumed.dropped(), "nothing was dropped after it resumed");
                assertEquals(resumed.dropped(), missed, () -> "the gaps announce every drop: " + stalled.gaps());
                assertEquals(DROPS, gap.missed(), () -> "one gap for the one overflow: " + stalled.gaps());
                assertEquals(LongStream.rangeClosed(stalledAt + 1, last).boxed().toList(),
                        healthy.ids().subList((int) stalledAt, (int) last));
            }
        }
    }

    /**
     * Walk the frames: data ids and gap ranges together name every id from 1 to {@code last} exactly once, in
     * increasing order; every gap is an overflow gap of this topic with a consistent count; payloads match ids.
     */
    private static void assertFramesCoverEveryIdOnce(final List<SseTestClient.Frame> frames, final String topic,
                                                     final long last) {
        long next = 1;
        for (final SseTestClient.Frame frame : frames) {
            if (frame.isGap()) {
                final GapNotice gap = frame.gap();
                assertEquals(GapNotice.REASON_OVERFLOW, gap.reason(), gap::toString);
                assertEquals(topic, gap.eventType());
                assertEquals(next, gap.firstMissingId(), () -> "the gap starts where delivery stopped: " + gap);
                assertTrue(gap.lastMissingId() >= gap.firstMissingId(), gap::toString);
                assertEquals(gap.lastMissingId() - gap.firstMissingId() + 1, gap.missed(), gap::toString);
                next = gap.lastMissingId() + 1;
            } else {
                assertEquals(next, frame.sequence(), "ids increase without holes or repeats");
                assertEquals(payload(next), frame.eventDto().payload());
                next++;
            }
        }
        assertEquals(last + 1, next, "every id up to the last is delivered or announced missing");
    }
}
