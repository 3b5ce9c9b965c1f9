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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A promoted backup's topic: copies restored under the numbers the failed primary gave them (3, 7, 9: the others
 * were dispatched and discarded, or never replicated), then numbering above the new epoch's base. Replay must not
 * report the numbers that never existed here as missing, only what the history evicted.
 */
class SparseSequenceTest {

    private static final long BASE = 100;
    private static final AtomicLong IDS = new AtomicLong();

    private static EventDraft draft(final String payload) {
        return Events.draft("t", payload);
    }

    private static byte[] bytes(final EventDraft draft) {
        return draft.payload().getBytes(StandardCharsets.UTF_8);
    }

    private static Event restore(final Topic topic, final long sequence) {
        final EventDraft draft = draft("r" + sequence);
        return topic.restore(draft, bytes(draft), sequence, System.nanoTime());
    }

    private static Event publish(final Topic topic, final String payload) {
        final EventDraft draft = draft(payload);
        return topic.publish(draft, bytes(draft), System.nanoTime());
    }

    private static RecordingSink attach(final Topic topic, final long resumeAfter) {
        final RecordingSink sink = new RecordingSink(false);
        final long id = IDS.incrementAndGet();
        topic.attach(new SubscriberOutbox(id, topic.name(), "s" + id, "s" + id, 64, 64, Runnable::run, sink),
                EventFilter.ALL, resumeAfter);
        return sink;
    }

    /** 3, 7, 9 restored and dispatched, then numbering above {@link #BASE}. */
    private static Topic recovered(final int historyCapacity) {
        final Topic topic = new Topic("T", historyCapacity);
        restore(topic, 3);
        restore(topic, 7);
        restore(topic, 9);
        topic.dispatchUpTo(9);
        topic.continueAbove(BASE);
        return topic;
    }

    @Test
    void restoreKeepsTheGivenNumbersAndRefusesOnesNotAboveTheLast() {
        final Topic topic = new Topic("T", 16);
        assertEquals(3, restore(topic, 3).sequence());
        assertEquals(7, restore(topic, 7).sequence());
        assertNull(restore(topic, 7), "equal to the last");
        assertNull(restore(topic, 5), "below the last");
        final Event nine = restore(topic, 9);
        assertEquals(9, nine.sequence());
        assertEquals("r9", nine.payload());
        final TopicSnapshot snapshot = topic.snapshot();
        assertEquals(9, snapshot.lastSequence());
        assertEquals(3, snapshot.accepted(), "refused copies are not accepted");
        assertEquals(3, snapshot.historySize());
        assertEquals(3, snapshot.oldestInHistory());
        assertEquals(10, publish(topic, "next").sequence(), "without a new epoch, numbering goes on after the last");
    }

    @Test
    void restoredCopiesReachSubscribersWhenDispatched() {
        final Topic topic = new Topic("T", 16);
        final RecordingSink live = attach(topic, -1);
        restore(topic, 3);
        restore(topic, 7);
        assertEquals(List.of(), live.sequences(), "dispatch is the scheduler's");
        assertEquals(1, topic.dispatchUpTo(7));
        assertEquals(List.of(3L, 7L), live.sequences());
    }

    @Test
    void continueAboveMakesTheNextNumberBasePlusOneAndNeverLowers() {
        final Topic topic = new Topic("T", 16);
        publish(topic, "a");
        topic.continueAbove(BASE);
        assertEquals(BASE, topic.snapshot().lastSequence());
        assertEquals(BASE + 1, publish(topic, "b").sequence());
        topic.continueAbove(50);
        assertEquals(BASE + 2, publish(topic, "c").sequence(), "a lower base does not lower the numbering");
        topic.continueAbove(BASE + 2);
        assertEquals(BASE + 3, publish(topic, "d").sequence(), "a base equal to the last changes nothing");
        assertNull(restore(topic, BASE), "the topic has numbered past it");
    }

    @Test
    void aResumeWithinTheRestoredRangeGetsTheRestAndNoGapForNumbersThatNeverExisted() {
        final Topic topic = recovered(16);
        final RecordingSink resumed = attach(topic, 3);
        assertEquals(List.of(7L, 9L), resumed.sequences());
        publish(topic, "n1");
        publish(topic, "n2");
        assertEquals(List.of(7L, 9L), resumed.sequences(), "not dispatched yet");
        topic.dispatchUpTo(BASE + 2);
        assertEquals(List.of(7L, 9L, BASE + 1, BASE + 2), resumed.sequences());
        assertEquals(List.of(), resumed.gaps(), "4..6, 8 and 10..100 never existed at this topic");

        final RecordingSink between = attach(topic, 50); // after the restored copies, below the new epoch
        assertEquals(List.of(BASE + 1, BASE + 2), between.sequences());
        assertEquals(List.of(), between.gaps());

        final RecordingSink fromStart = attach(topic, 0);
        assertEquals(List.of(3L, 7L, 9L, BASE + 1, BASE + 2), fromStart.sequences());
        assertEquals(List.of(), fromStart.gaps());
    }

    @Test
    void restoredCopiesNotYetDispatchedComeByDispatchNotByReplay() {
        final Topic topic = new Topic("T", 16);
        restore(topic, 3);
        restore(topic, 7);
        topic.dispatchUpTo(3);
        restore(topic, 9);
        topic.continueAbove(BASE);
        publish(topic, "n1");
        final RecordingSink resumed = attach(topic, 3);
        assertEquals(List.of(), resumed.items(), "7 and later wait for their dispatch");
        topic.dispatchUpTo(BASE + 1);
        assertEquals(List.of(7L, 9L, BASE + 1), resumed.sequences());
        assertEquals(List.of(), resumed.gaps());
    }

    @Test
    void anEvictedRangeIsReportedAsAHistoryGap() {
        final Topic topic = recovered(2); // holds 7, 9: 3 is evicted
        publish(topic, "n1"); // holds 9, 101: 7 is evicted
        topic.dispatchUpTo(BASE + 1);

        final RecordingSink early = attach(topic, 3);
        assertEquals(List.of(new Gap("T", 4, 7, Gap.Reason.HISTORY)), early.gaps());
        assertTrue(early.items().get(0) instanceof Gap, "the gap comes first");
        assertEquals(List.of(9L, BASE + 1), early.sequences());

        final RecordingSink atEvicted = attach(topic, 7);
        assertEquals(List.of(), atEvicted.gaps());
        assertEquals(List.of(9L, BASE + 1), atEvicted.sequences());

        final RecordingSink fromStart = attach(topic, 0);
        assertEquals(List.of(new Gap("T", 1, 7, Gap.Reason.HISTORY)), fromStart.gaps());
        assertEquals(List.of(9L, BASE + 1), fromStart.sequences());
    }

    @Test
    void aResumeAheadOfTheTopicIsStillAReset() {
        final Topic topic = recovered(16);
        publish(topic, "n1");
        topic.dispatchUpTo(BASE + 1);
        final RecordingSink ahead = attach(topic, 500);
        assertEquals(new Gap("T", 3, 500, Gap.Reason.RESET), ahead.items().get(0));
        assertEquals(List.of(3L, 7L, 9L, BASE + 1), ahead.sequences());
        assertEquals(1, ahead.gaps().size());
    }

    @Test
    void aResetOnATopicThatHasOnlyAnEpochBaseNamesTheNextNumber() {
        final Topic topic = new Topic("T", 16);
        topic.continueAbove(BASE);
        final RecordingSink ahead = attach(topic, 500);
        assertEquals(List.of(new Gap("T", BASE + 1, 500, Gap.Reason.RESET)), ahead.gaps(),
                "ids start again at the first one this topic will give");
        assertEquals(BASE + 1, topic.snapshot().oldestInHistory());
        publish(topic, "n1");
        topic.dispatchUpTo(BASE + 1);
        assertEquals(List.of(BASE + 1), ahead.sequences());
    }

    @Test
    void theHistoryHoldsSparseIncreasingNumbersAndFindsTheOnesAfterAResumePoint() {
        final TopicHistory history = new TopicHistory(3);
        assertEquals(1, history.oldest());
        assertEquals(0, history.evictedThrough());
        final Topic source = new Topic("T", 0);
        final long[] numbers = {3, 7, 9, 20, 21};
        for (final long n : numbers) {
            history.add(restore(source, n));
        }
        assertEquals(3, history.size());
        assertEquals(9, history.oldest());
        assertEquals(7, history.evictedThrough());
        assertEquals(List.of(9L, 20L, 21L), sequences(history.after(0)));
        assertEquals(List.of(9L, 20L, 21L), sequences(history.after(8)));
        assertEquals(List.of(20L, 21L), sequences(history.after(9)));
        assertEquals(List.of(20L, 21L), sequences(history.after(15)));
        assertEquals(List.of(21L), sequences(history.after(20)));
        assertEquals(List.of(), sequences(history.after(21)));
        assertEquals(List.of(), sequences(history.after(99)));
        final Event stale = restore(new Topic("T", 0), 21);
        assertThrows(IllegalArgumentException.class, () -> history.add(stale));
        assertNotNull(stale);
    }

    @Test
    void aHistoryOfCapacityZeroHoldsNothingAndCountsEverythingEvicted() {
        final TopicHistory history = new TopicHistory(0);
        history.add(restore(new Topic("T", 0), 5));
        assertEquals(0, history.size());
        assertEquals(5, history.evictedThrough());
        assertEquals(6, history.oldest());
        assertEquals(List.of(), history.after(0));
    }

    private static List<Long> sequences(final List<Event> events) {
        return events.stream().map(Event::sequence).toList();
    }

    @Test
    void runsATakeOverGaveUpAreAnnouncedToAttachedSubscribersAndToThoseResumingBeforeThem() {
        final Topic topic = new Topic("T", 16);
        final RecordingSink attached = attach(topic, -1);
        topic.announce(new Gap("T", 4, 6, Gap.Reason.FAILOVER));
        restore(topic, 7);
        restore(topic, 9);
        topic.dispatchUpTo(9);
        assertEquals(List.of(new Gap("T", 4, 6, Gap.Reason.FAILOVER)), attached.gaps());
        assertEquals(List.of(7L, 9L), attached.sequences());

        final RecordingSink before = attach(topic, 2);
        assertEquals(List.of(new Gap("T", 4, 6, Gap.Reason.FAILOVER)), before.gaps());
        assertEquals(List.of(7L, 9L), before.sequences());
        final RecordingSink within = attach(topic, 5);
        assertEquals(List.of(new Gap("T", 6, 6, Gap.Reason.FAILOVER)), within.gaps(), "clipped to the resume");
        final RecordingSink after = attach(topic, 7);
        assertEquals(List.of(), after.gaps());
        assertEquals(List.of(9L), after.sequences());
    }
}
