package io.eventhandler.core.topic;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A topic taking back the history a previous run kept ({@link Topic#reload}): replayed as already dispatched, never
 * fanned out again, numbering continuing after the last number given; and the byte and age bounds of the history.
 */
class TopicReloadTest {

    private static final AtomicLong IDS = new AtomicLong();

    private static Event event(final long sequence, final String payload, final long acceptedNanos) {
        final EventDraft draft = Events.draft("t", payload);
        return new Event("T", sequence, draft, payload.getBytes(StandardCharsets.UTF_8), acceptedNanos);
    }

    private static Event publish(final Topic topic, final String payload) {
        final EventDraft draft = Events.draft("t", payload);
        return topic.publish(draft, payload.getBytes(StandardCharsets.UTF_8), System.nanoTime());
    }

    private static RecordingSink attach(final Topic topic, final long resumeAfter) {
        final RecordingSink sink = new RecordingSink(false);
        final long id = IDS.incrementAndGet();
        topic.attach(new SubscriberOutbox(id, topic.name(), "s" + id, "s" + id, 64, 64, Runnable::run, sink),
                EventFilter.ALL, resumeAfter);
        return sink;
    }

    @Test
    void reloadedEventsAreReplayedNotDispatchedAndNumberingContinuesAfterTheLastGiven() {
        final Topic topic = new Topic("T", 16);
        final RecordingSink live = attach(topic, -1);
        final long now = System.nanoTime();
        topic.reload(List.of(event(4, "d", now), event(5, "e", now), event(7, "g", now)), 9);
        assertEquals(List.of(), live.sequences(), "reloaded events were dispatched before the restart");
        assertEquals(0, topic.dispatchUpTo(9), "nothing is waiting for dispatch");

        final RecordingSink fromStart = attach(topic, 0);
        assertEquals(List.of(4L, 5L, 7L), fromStart.sequences());
        assertEquals(List.of(new Gap("T", 1, 3, Gap.Reason.HISTORY)), fromStart.gaps(),
                "1..3 were evicted in the previous run: a gap, not a reset");

        final Event next = publish(topic, "j");
        assertEquals(10, next.sequence(), "after the last number given (9), not after the last kept (7)");
        topic.dispatchUpTo(10);
        assertEquals(List.of(10L), live.sequences());
        assertEquals(List.of(4L, 5L, 7L, 10L), fromStart.sequences());
        assertEquals(List.of(5L, 7L), topic.history(4, 2, System.nanoTime()).stream().map(Event::sequence).toList());
        assertEquals(List.of(), attach(topic, 10).gaps(), "a subscriber that saw everything is told of nothing");
    }

    @Test
    void aReloadWithNoEventsStillContinuesTheNumbering() {
        final Topic topic = new Topic("T", 16);
        topic.reload(List.of(), 41);
        assertEquals(42, publish(topic, "x").sequence());
    }

    @Test
    void reloadIsRefusedOnceTheTopicHasAcceptedEvents() {
        final Topic topic = new Topic("T", 16);
        publish(topic, "x");
        assertThrows(IllegalStateException.class, () -> topic.reload(List.of(), 5));
    }

    @Test
    void theByteBoundEvictsTheOldestUntilTheRestFits() {
        final Topic topic = new Topic("T", new HistoryBounds(100, 10, 0));
        publish(topic, "aaaa");  // 4 bytes
        publish(topic, "bbbb");  // 8
        publish(topic, "cccc");  // 12 > 10: a goes
        topic.dispatchUpTo(3);
        assertEquals(List.of(2L, 3L), attach(topic, 0).sequences());
        assertEquals(2, topic.snapshot().historySize());
        publish(topic, "twelve bytes");
        assertEquals(0, topic.snapshot().historySize(), "an event larger than the bound is not kept either");
    }

    @Test
    void theAgeBoundDropsEventsAcceptedLongerAgo() {
        final long minute = 60_000_000_000L;
        final Topic topic = new Topic("T", new HistoryBounds(100, 0, minute));
        final long now = System.nanoTime();
        topic.reload(List.of(event(1, "old", now - 2 * minute), event(2, "fresh", now - minute / 2)), 2);
        assertEquals(List.of(2L), topic.history(0, 10, now).stream().map(Event::sequence).toList());
        assertEquals(List.of(), topic.history(0, 10, now + minute).stream().map(Event::sequence).toList(),
                "a minute later the other one is too old as well");
    }
}
