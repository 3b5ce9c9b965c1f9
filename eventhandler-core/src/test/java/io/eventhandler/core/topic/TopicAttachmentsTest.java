package io.eventhandler.core.topic;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A topic's subscribers are kept by key (attach and detach in constant time, for reconnect storms): what a replaced
 * subscriber's late detach must not undo, the requirements once the subscriber asking for them leaves, and the
 * fan-out after many subscribers come and go.
 */
class TopicAttachmentsTest {

    private static long ids;

    private static SubscriberOutbox outbox(final Topic topic, final Object key, final RecordingSink sink) {
        ids++;
        return new SubscriberOutbox(ids, topic.name(), key, "s" + ids, 64, 64, Runnable::run, sink);
    }

    private static void publishAndDispatch(final Topic topic, final String payload) {
        final EventDraft draft = Events.draft(topic.name(), payload);
        final long sequence = topic.publish(draft, payload.getBytes(StandardCharsets.UTF_8), System.nanoTime())
                .sequence();
        topic.dispatchUpTo(sequence);
    }

    @Test
    void theLateDetachOfAReplacedSubscriberLeavesItsReplacementAttached() {
        final Topic topic = new Topic("t", 16);
        final RecordingSink oldSink = new RecordingSink(false);
        final RecordingSink newSink = new RecordingSink(false);
        final SubscriberOutbox old = outbox(topic, "same", oldSink);
        final SubscriberOutbox replacement = outbox(topic, "same", newSink);
        assertNull(topic.attach(old, EventFilter.ALL, -1));
        assertSame(old, topic.attach(replacement, EventFilter.ALL, -1));
        assertEquals(CloseReason.REPLACED, oldSink.closed());

        // the old stream's connection closes later and detaches what it thinks is its own outbox
        assertFalse(topic.detach(old, CloseReason.UNSUBSCRIBED));
        publishAndDispatch(topic, "after");
        assertEquals(List.of(1L), newSink.sequences());
        assertEquals(1, topic.snapshot().subscribers());
    }

    @Test
    void requirementsRelaxWhenTheSubscriberAskingForThemLeaves() {
        final Topic topic = new Topic("t", 16);
        final SubscriberOutbox urgent = outbox(topic, "urgent", new RecordingSink(false));
        topic.attach(outbox(topic, "plain", new RecordingSink(false)), EventFilter.ALL, -1);
        topic.attach(urgent, EventFilter.ALL, new SubscriberRequirements(9), -1);
        assertEquals(9, topic.requirements().priority());

        assertTrue(topic.detach(urgent, CloseReason.UNSUBSCRIBED));
        assertEquals(SubscriberRequirements.NONE, topic.requirements());
        assertEquals(1, topic.snapshot().subscribers());
    }

    @Test
    void afterASubscriberStormTheFanOutReachesExactlyThoseAttached() {
        final Topic topic = new Topic("t", 16);
        final List<SubscriberOutbox> first = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            final SubscriberOutbox outbox = outbox(topic, "k" + i, new RecordingSink(false));
            first.add(outbox);
            topic.attach(outbox, EventFilter.ALL, -1);
        }
        publishAndDispatch(topic, "one");
        // every stream drops and half come back under their keys
        first.forEach(outbox -> topic.detach(outbox, CloseReason.UNSUBSCRIBED));
        final List<RecordingSink> back = new ArrayList<>();
        for (int i = 0; i < 1000; i += 2) {
            final RecordingSink sink = new RecordingSink(false);
            back.add(sink);
            topic.attach(outbox(topic, "k" + i, sink), EventFilter.ALL, 1);
        }
        publishAndDispatch(topic, "two");

        assertEquals(500, topic.snapshot().subscribers());
        assertEquals(500, topic.subscribers().size());
        for (final RecordingSink sink : back) {
            assertEquals(List.of(2L), sink.sequences());
        }
    }
}
