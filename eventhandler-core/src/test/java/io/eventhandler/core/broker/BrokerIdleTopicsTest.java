package io.eventhandler.core.broker;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Idle topics are forgotten but for their last number: the topic count (what the topic limit bounds) counts live
 * topics, a topic made again numbers on above its last number, and a resume from before that number is told of a
 * gap. Topics anything still needs are kept. Idle time 0 here: the first sweep only notes a topic as quiet, the
 * second forgets it.
 */
class BrokerIdleTopicsTest {

    private final Broker withoutHistory = broker(0);

    private static Broker broker(final int history) {
        return new Broker(new BrokerSettings(history, 8, 3), draft -> draft.payload().getBytes(
                StandardCharsets.UTF_8), Runnable::run);
    }

    private static SubscriberOutbox subscribe(final Broker broker, final String topic, final RecordingSink sink,
                                              final long resumeAfter) {
        return broker.subscribe(new SubscribeRequest(topic, "s", "s", EventFilter.ALL, sink, resumeAfter));
    }

    @Test
    void anIdleTopicIsForgottenButForItsLastNumber() {
        for (int i = 0; i < 3; i++) {
            withoutHistory.accept(Events.draft("a", "a" + i));
        }
        withoutHistory.accept(Events.draft("b", "b"));
        assertEquals(2, withoutHistory.topicCount());
        assertEquals(0, withoutHistory.forgetIdle(0), "the first sweep sees them quiet, and waits the idle time");
        assertEquals(2, withoutHistory.forgetIdle(0));
        assertEquals(0, withoutHistory.topicCount());
        assertFalse(withoutHistory.hasTopic("A"));
        assertEquals(2, withoutHistory.forgottenTopics());

        assertEquals(4, withoutHistory.accept(Events.draft("a", "again")).sequence(), "numbers are never reused");
        assertEquals(1, withoutHistory.forgottenTopics());
    }

    @Test
    void aResumeFromBeforeTheForgottenNumbersIsToldOfAGap() {
        for (int i = 0; i < 3; i++) {
            withoutHistory.accept(Events.draft("a", "a" + i));
        }
        withoutHistory.forgetIdle(0);
        withoutHistory.forgetIdle(0);
        final RecordingSink resumed = new RecordingSink(false);
        subscribe(withoutHistory, "a", resumed, 1);
        assertEquals(List.of(new Gap("A", 2, 3, Gap.Reason.HISTORY)), resumed.gaps());
    }

    @Test
    void topicsWithASubscriberOrAHistoryOrRecentActivityAreKept() {
        subscribe(withoutHistory, "watched", new RecordingSink(false), -1);
        final Broker withHistory = broker(4);
        withHistory.accept(Events.draft("kept", "x"));
        withoutHistory.forgetIdle(0);
        withHistory.forgetIdle(0);
        assertEquals(0, withoutHistory.forgetIdle(0));
        assertEquals(0, withHistory.forgetIdle(0), "its event is still in the history");
        assertTrue(withoutHistory.hasTopic("WATCHED"));

        withoutHistory.accept(Events.draft("busy", "1"));
        withoutHistory.forgetIdle(Long.MAX_VALUE);
        withoutHistory.accept(Events.draft("busy", "2"));
        assertEquals(0, withoutHistory.forgetIdle(0), "active since the last sweep");
        assertTrue(withoutHistory.hasTopic("BUSY"));
    }
}
