package io.eventhandler.core.topic;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heap budget the topics' histories share: a topic alone may use all of it; once the total is over it, a topic
 * that appends trims itself to its share and a sweep trims the others; what was trimmed is counted and a resume from
 * before it is told of a gap.
 */
class HistoryBudgetTest {

    private static final String PAYLOAD = "x".repeat(100);
    /** Twice the notification (here the payload's bytes; no metadata) + overhead. */
    private static final long COST = 2 * 100 + HistoryBudget.EVENT_OVERHEAD_BYTES;

    private static Event publish(final Topic topic) {
        return topic.publish(Events.draft("t", PAYLOAD), PAYLOAD.getBytes(StandardCharsets.UTF_8), System.nanoTime());
    }

    private static void publish(final Topic topic, final int events) {
        for (int i = 0; i < events; i++) {
            topic.dispatchUpTo(publish(topic).sequence());
        }
    }

    @Test
    void theShareIsTheBudgetOverTheTopicsHoldingHistory() {
        assertEquals(1000, HistoryBudget.share(1000, 0), "no topic holds anything: the first may take it all");
        assertEquals(1000, HistoryBudget.share(1000, 1));
        assertEquals(250, HistoryBudget.share(1000, 4));
        assertEquals(333, HistoryBudget.share(1000, 3), "rounded down: the shares never add up to more");
        assertThrows(IllegalArgumentException.class, () -> new HistoryBudget(-1));
    }

    @Test
    void anEventCountsTwiceItsNotificationItsObjectsAndItsMetadataEntries() {
        final Event plain = new Event("T", 1, Events.draft("t", "abc"), new byte[100], 0);
        assertEquals(200 + HistoryBudget.EVENT_OVERHEAD_BYTES, HistoryBudget.cost(plain));
        final Event tagged = new Event("T", 2, Events.draft("t", "abc", Map.of("a", "1", "b", "2"),
                Events.PUBLISHER, 0), new byte[100], 0);
        assertEquals(200 + HistoryBudget.EVENT_OVERHEAD_BYTES + 2 * HistoryBudget.HEAP_PER_METADATA_ENTRY,
                HistoryBudget.cost(tagged));
    }

    @Test
    void aTopicAloneMayUseTheWholeBudgetAndTrimsItselfPastIt() {
        final HistoryBudget budget = new HistoryBudget(10 * COST);
        final Topic topic = new Topic("A", HistoryBounds.count(1024), budget);
        publish(topic, 10);
        assertEquals(10 * COST, budget.heldBytes());
        assertFalse(budget.exceeded());
        assertEquals(0, budget.trimmedEvents());

        publish(topic, 3);
        assertEquals(10 * COST, budget.heldBytes(), "each append past the budget trims the oldest");
        assertEquals(3, budget.trimmedEvents());
        assertEquals(1, budget.holders());
        assertEquals(4, topic.snapshot().oldestInHistory());
    }

    @Test
    void aTopicThatStoppedPublishingIsTrimmedToItsShareAndAResumeBeforeItGetsAGap() {
        final HistoryBudget budget = new HistoryBudget(10 * COST);
        final Topic quiet = new Topic("A", HistoryBounds.count(1024), budget);
        final Topic busy = new Topic("B", HistoryBounds.count(1024), budget);
        publish(quiet, 10);
        publish(busy, 1);
        assertTrue(budget.exceeded(), "the busy topic holds less than its share: it does not trim itself");
        assertEquals(5 * COST, budget.share());

        assertEquals(5, quiet.trimHistoryToShare(), "the sweep trims the topic above its share");
        assertEquals(6 * COST, budget.heldBytes());
        assertEquals(5, budget.trimmedEvents());
        assertEquals(0, busy.trimHistoryToShare(), "within the budget now: nothing more to trim");

        publish(busy, 5);
        assertEquals(10 * COST, budget.heldBytes(), "6 events of the busy topic: it trims itself to its share");
        assertEquals(6, budget.trimmedEvents());
        assertEquals(2, busy.snapshot().oldestInHistory());

        final RecordingSink sink = new RecordingSink(false);
        quiet.attach(new SubscriberOutbox(1, "A", "s1", "s1", 64, 64, Runnable::run, sink), EventFilter.ALL, 0);
        assertEquals(List.of(new Gap("A", 1, 5, Gap.Reason.HISTORY)), sink.gaps());
        assertEquals(List.of(6L, 7L, 8L, 9L, 10L), sink.sequences());
    }

    @Test
    void anEventLargerThanItsShareIsNotKeptAndAnEmptiedTopicNoLongerHoldsAShare() {
        final HistoryBudget budget = new HistoryBudget(COST + COST / 2);
        final Topic a = new Topic("A", HistoryBounds.count(1024), budget);
        final Topic b = new Topic("B", HistoryBounds.count(1024), budget);
        publish(a, 1);
        publish(b, 1);
        assertEquals(1, budget.holders(), "B's event alone was over B's share of half the budget: not kept");
        assertEquals(COST, budget.heldBytes());
        assertEquals(1, budget.trimmedEvents());
        assertEquals(COST + COST / 2, budget.share(), "one topic holds history: its share is the whole budget");
    }
}
