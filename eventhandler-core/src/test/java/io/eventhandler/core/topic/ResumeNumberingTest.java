package io.eventhandler.core.topic;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A resume from another numbering (the run before a restart): the numbers it names may have been given again to
 * other events, so it gets a reset notice and what the topic holds, not the events above its number only.
 */
class ResumeNumberingTest {

    private static final AtomicLong IDS = new AtomicLong();

    private static void publish(final Topic topic, final int count) {
        for (int i = 1; i <= count; i++) {
            final EventDraft draft = Events.draft("t", "e" + i);
            final Event event = topic.publish(draft, draft.payload().getBytes(StandardCharsets.UTF_8),
                    System.nanoTime());
            topic.dispatchUpTo(event.sequence());
        }
    }

    private static RecordingSink attach(final Topic topic, final long resumeAfter, final ResumeNumbering numbering) {
        final RecordingSink sink = new RecordingSink(false);
        final long id = IDS.incrementAndGet();
        topic.attach(new SubscriberOutbox(id, topic.name(), "s" + id, "s" + id, 64, 64, Runnable::run, sink),
                EventFilter.ALL, SubscriberRequirements.NONE, resumeAfter, numbering);
        return sink;
    }

    private static List<Long> range(final long from, final long to) {
        final List<Long> numbers = new ArrayList<>();
        for (long n = from; n <= to; n++) {
            numbers.add(n);
        }
        return numbers;
    }

    @Test
    void anIdOfAnotherRunIsResetAndGetsEverythingHeldEvenBelowItsNumber() {
        final Topic topic = new Topic("T", 64);
        publish(topic, 30);
        final RecordingSink other = attach(topic, 10, ResumeNumbering.OTHER);
        assertEquals(List.of(new Gap("T", 1, 10, Gap.Reason.RESET)), other.gaps());
        assertEquals(range(1, 30), other.sequences());
        assertEquals(1, topic.resetsAnnounced());

        final RecordingSink same = attach(topic, 10, ResumeNumbering.SAME);
        assertEquals(List.of(), same.gaps(), "the numbering in use: resumed after its number");
        assertEquals(range(11, 30), same.sequences());
        assertEquals(1, topic.resetsAnnounced());
    }

    @Test
    void thePreviousRunsNumbersAreValidUpToWhatWasReloaded() {
        final Topic topic = new Topic("T", 64);
        topic.reload(List.of(), 20); // the store held numbers up to 20
        publish(topic, 5); // 21..25
        final RecordingSink kept = attach(topic, 18, ResumeNumbering.PREVIOUS);
        assertEquals(List.of(new Gap("T", 19, 20, Gap.Reason.HISTORY)), kept.gaps(), "19 and 20 are not held");
        assertEquals(range(21, 25), kept.sequences());

        final RecordingSink beyond = attach(topic, 23, ResumeNumbering.PREVIOUS);
        assertEquals(List.of(new Gap("T", 21, 23, Gap.Reason.RESET)), beyond.gaps(),
                "21..23 of the previous run were lost with its uncommitted tail and are other events now");
        assertEquals(range(21, 25), beyond.sequences());
        assertEquals(1, topic.resetsAnnounced());
    }

    @Test
    void aResetOfAnEmptyTopicDeliversWhatComesLater() {
        final Topic topic = new Topic("T", 64);
        final RecordingSink sink = attach(topic, 7, ResumeNumbering.OTHER);
        assertEquals(List.of(new Gap("T", 1, 7, Gap.Reason.RESET)), sink.gaps());
        publish(topic, 3);
        assertEquals(range(1, 3), sink.sequences());
    }
}
