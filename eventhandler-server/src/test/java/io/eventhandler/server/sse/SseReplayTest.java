package io.eventhandler.server.sse;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.GapNotice;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Last-Event-ID}: replay from the topic's history, a {@code history} gap when the history no longer reaches
 * back far enough, a {@code reset} gap when the id is ahead of the topic, and reconnects that lose nothing.
 */
class SseReplayTest {

    private static final int HISTORY = 32;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            HistoryConfiguration.SIZE.key(), Integer.toString(HISTORY)));
    private static final EhHttp http = server.http();

    private static SseTestClient resume(final String topic, final long lastEventId) {
        final SseTestClient client = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=" + URLEncoder.encode(topic, StandardCharsets.UTF_8),
                EventHandlerApi.LAST_EVENT_ID_HEADER + ": " + lastEventId);
        assertEquals(200, client.status(), client::errorBody);
        return client;
    }

    private static void publish(final String topic, final long from, final long to) {
        for (long i = from; i <= to; i++) {
            http.publishOk(topic, payload(i));
        }
    }

    private static String payload(final long i) {
        return "payload-" + i;
    }

    private static List<Long> range(final long from, final long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    private static List<String> payloads(final long from, final long to) {
        return LongStream.rangeClosed(from, to).mapToObj(SseReplayTest::payload).toList();
    }

    @Test
    void replaysExactlyTheEventsAfterTheGivenIdThatHistoryHolds() {
        final String topic = uniqueTopic("replay");
        publish(topic, 1, 10);
        try (SseTestClient sse = resume(topic, 6)) {
            eventually().until(() -> sse.ids().size() >= 4);
            assertEquals(range(7, 10), sse.ids());
            assertEquals(payloads(7, 10), sse.payloads());
            assertTrue(sse.events().stream().map(EventDTO::eventType).allMatch(topic::equals), sse.events()::toString);
            assertEquals(4, sse.frames().size(), () -> "only the replayed events: " + sse.frames());

            publish(topic, 11, 11);
            eventually().until(() -> sse.ids().size() >= 5);
            assertEquals(range(7, 11), sse.ids(), "live events follow the replay");
            assertEquals(payloads(7, 11), sse.payloads());
            assertTrue(sse.gaps().isEmpty(), () -> "no gap: " + sse.gaps());
        }
    }

    @Test
    void anIdOlderThanTheHistoryGetsAHistoryGapWithTheMissingRangeThenTheRest() {
        final String topic = uniqueTopic("replay-old");
        final long last = HISTORY + 8;
        final long oldest = last - HISTORY + 1;
        publish(topic, 1, last);
        final EhHttp.Stats.Topic stats = http.statistics().topic(topic);
        assertEquals(HISTORY, stats.historySize());
        assertEquals(oldest, stats.oldestInHistory());

        try (SseTestClient sse = resume(topic, 3)) {
            eventually().until(() -> sse.frames().size() >= 1 + HISTORY);
            final List<SseTestClient.Frame> frames = sse.frames();
            assertTrue(frames.get(0).isGap(), () -> "the gap comes first: " + frames.get(0));
            assertNull(frames.get(0).id(), "a gap notice carries no event id");
            assertEquals(new GapNotice(topic, 4, oldest - 1, oldest - 4, GapNotice.REASON_HISTORY),
                    frames.get(0).gap());
            assertEquals(1, sse.gaps().size());
            assertEquals(range(oldest, last), sse.ids());
            assertEquals(payloads(oldest, last), sse.payloads());

            publish(topic, last + 1, last + 1);
            eventually().until(() -> sse.ids().size() >= HISTORY + 1);
            assertEquals(range(oldest, last + 1), sse.ids());
            assertEquals(1, sse.gaps().size(), "live events bring no further gap");
        }
    }

    @Test
    void theHistoryBoundaryIsExact() {
        final String topic = uniqueTopic("replay-edge");
        final long last = HISTORY + 8;
        final long oldest = last - HISTORY + 1;
        publish(topic, 1, last);
        try (SseTestClient fromZero = resume(topic, 0);
             SseTestClient justBefore = resume(topic, oldest - 2);
             SseTestClient reachable = resume(topic, oldest - 1)) {
            for (final SseTestClient sse : List.of(fromZero, justBefore, reachable)) {
                eventually().until(() -> sse.ids().size() >= HISTORY);
                assertEquals(range(oldest, last), sse.ids());
            }
            assertEquals(List.of(new GapNotice(topic, 1, oldest - 1, oldest - 1, GapNotice.REASON_HISTORY)),
                    fromZero.gaps());
            assertEquals(List.of(new GapNotice(topic, oldest - 1, oldest - 1, 1, GapNotice.REASON_HISTORY)),
                    justBefore.gaps());
            assertEquals(List.of(), reachable.gaps(), "the oldest held event follows the id: nothing is missing");
            assertEquals(HISTORY, reachable.frames().size());
        }
    }

    @Test
    void anIdBeyondTheTopicsLastSequenceGetsAResetGapThenTheHistory() {
        final String topic = uniqueTopic("replay-reset");
        publish(topic, 1, 3);
        try (SseTestClient sse = resume(topic, 10)) {
            eventually().until(() -> sse.frames().size() >= 4);
            final List<SseTestClient.Frame> frames = sse.frames();
            assertTrue(frames.get(0).isGap(), () -> "the reset notice comes first: " + frames);
            assertEquals(new GapNotice(topic, 1, 10, 0, GapNotice.REASON_RESET), frames.get(0).gap());
            assertEquals(range(1, 3), sse.ids(), "the restarted sequence is replayed from its start");
            assertEquals(payloads(1, 3), sse.payloads());

            publish(topic, 4, 4);
            eventually().until(() -> sse.ids().size() >= 4);
            assertEquals(range(1, 4), sse.ids());
            assertEquals(1, sse.gaps().size());
        }
    }

    @Test
    void aResetWhoseHistoryNoLongerStartsAtOneNamesTheFirstIdThatFollows() {
        final String topic = uniqueTopic("replay-reset-old");
        final long last = HISTORY + 5;
        final long oldest = last - HISTORY + 1;
        publish(topic, 1, last);
        try (SseTestClient sse = resume(topic, last + 100)) {
            eventually().until(() -> sse.frames().size() >= 1 + HISTORY);
            assertEquals(new GapNotice(topic, oldest, last + 100, 0, GapNotice.REASON_RESET), sse.frames().get(0).gap());
            assertEquals(range(oldest, last), sse.ids());
        }
    }

    @Test
    void anIdOnATopicNobodyPublishedToYetIsAReset() {
        final String topic = uniqueTopic("replay-fresh");
        try (SseTestClient sse = resume(topic, 5)) {
            eventually().until(() -> sse.frames().size() >= 1);
            assertEquals(List.of(new GapNotice(topic, 1, 5, 0, GapNotice.REASON_RESET)), sse.gaps());
            publish(topic, 1, 1);
            eventually().until(() -> sse.ids().size() >= 1);
            assertEquals(List.of(1L), sse.ids());
            assertEquals(payloads(1, 1), sse.payloads());
            assertEquals(2, sse.frames().size());
        }
    }

    @Test
    void theIdOfTheLastEventReplaysNothingAndLiveEventsContinue() {
        final String topic = uniqueTopic("replay-last");
        publish(topic, 1, 5);
        try (SseTestClient sse = resume(topic, 5)) {
            publish(topic, 6, 7);
            eventually().until(() -> sse.ids().size() >= 2);
            assertEquals(range(6, 7), sse.ids(), "anything replayed would come before the live events");
            assertEquals(payloads(6, 7), sse.payloads());
            assertEquals(2, sse.frames().size(), () -> "no gap, nothing else: " + sse.frames());
        }
    }

    @Test
    void aReconnectWithTheLastSeenIdLosesNothingPublishedWhileDisconnected() {
        final String topic = uniqueTopic("replay-reconnect");
        final List<Long> seen = new ArrayList<>();
        final List<String> seenPayloads = new ArrayList<>();
        try (SseTestClient first = SseTestClient.open(server.baseUri(), topic)) {
            publish(topic, 1, 3);
            eventually().until(() -> first.ids().size() >= 3);
            seen.addAll(first.ids());
            seenPayloads.addAll(first.payloads());
        }
        eventually().until(() -> http.statistics().subscribersOf(topic).isEmpty());
        publish(topic, 4, 6);
        try (SseTestClient second = resume(topic, seen.get(seen.size() - 1))) {
            publish(topic, 7, 7);
            eventually().until(() -> second.ids().size() >= 4);
            assertTrue(second.gaps().isEmpty(), () -> "no gap: " + second.gaps());
            seen.addAll(second.ids());
            seenPayloads.addAll(second.payloads());
        }
        assertEquals(range(1, 7), seen, "every event exactly once, in order");
        assertEquals(payloads(1, 7), seenPayloads);
    }

    @Test
    void reconnectingRepeatedlyWhilePublishingGoesOnLosesAndRepeatsNothing() throws Exception {
        final String topic = uniqueTopic("replay-churn");
        final int total = 300;
        final int reconnects = 6;
        final List<Long> seen = new ArrayList<>();
        final List<String> seenPayloads = new ArrayList<>();
        final ExecutorService publisher = Executors.newSingleThreadExecutor();
        SseTestClient current = SseTestClient.open(server.baseUri(), topic);
        // The publisher stays within half the history of what the subscriber has seen: a reconnect that a loaded
        // machine delays longer than HISTORY events would otherwise meet a true, announced history gap.
        final AtomicReference<SseTestClient> reading = new AtomicReference<>(current);
        final AtomicInteger seenBefore = new AtomicInteger();
        try {
            final CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
                for (long i = 1; i <= total; i++) {
                    final long next = i;
                    eventually().until(() -> next - seenBefore.get() - reading.get().ids().size() <= HISTORY / 2);
                    http.publishOk(topic, payload(i));
                }
            }, publisher);
            for (int i = 0; i < reconnects; i++) {
                final SseTestClient connection = current;
                final int wanted = (i + 1) * total / (reconnects + 2) - seen.size();
                eventually().until(() -> connection.ids().size() >= wanted || publishing.isDone());
                connection.close();
                eventually().until(connection::ended);
                seen.addAll(connection.ids());
                seenPayloads.addAll(connection.payloads());
                assertTrue(connection.gaps().isEmpty(), () -> "no gap: " + connection.gaps());
                current = seen.isEmpty() ? SseTestClient.open(server.baseUri(), topic)
                        : resume(topic, seen.get(seen.size() - 1));
                reading.set(current); // first: counting the new stream's none beside the old total holds back
                seenBefore.set(seen.size());
            }
            publishing.get();
            final SseTestClient last = current;
            final int missing = total - seen.size();
            // on a timeout, say what arrived: a lost event and a slow machine look alike otherwise
            final String before = seen.isEmpty() ? "none" : seen.get(seen.size() - 1).toString();
            eventually().untilAsserted(() -> assertTrue(last.ids().size() >= missing, () -> "after ids up to " + before
                    + " the last connection got " + last.ids().size() + " of " + missing + ": " + last.ids()
                    + ", gaps " + last.gaps()));
            assertTrue(last.gaps().isEmpty(), () -> "no gap: " + last.gaps());
            seen.addAll(last.ids());
            seenPayloads.addAll(last.payloads());
        } finally {
            current.close();
            publisher.shutdownNow();
        }
        assertEquals(range(1, total), seen, "every event exactly once, in order, across " + reconnects + " reconnects");
        assertEquals(payloads(1, total), seenPayloads);
    }

    @Test
    void aLastEventIdThatIsNotASequenceNumberIsRefused() {
        final String topic = uniqueTopic("replay-bad");
        for (final String bad : List.of("abc", "-1", "1.5", "AB-1", "x-", "x--1", "-")) {
            try (SseTestClient sse = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic,
                    EventHandlerApi.LAST_EVENT_ID_HEADER + ": " + bad)) {
                assertEquals(400, sse.status(), bad);
                assertTrue(sse.errorBody().contains("Last-Event-ID"), sse::errorBody);
            }
        }
        assertTrue(http.statistics().subscribersOf(topic).isEmpty(), "a refused stream is not attached");
    }
}
