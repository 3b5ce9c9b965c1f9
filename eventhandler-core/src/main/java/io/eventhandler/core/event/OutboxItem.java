package io.eventhandler.core.event;

import java.util.List;

/** What a subscriber's outbox carries, in order: events, and notices of events it will not get. */
public sealed interface OutboxItem permits Event, Gap {

    /** How many of the items are events. */
    static int countEvents(final List<OutboxItem> items) {
        int events = 0;
        for (final OutboxItem item : items) {
            if (item instanceof Event) {
                events++;
            }
        }
        return events;
    }

    /** The sequence number of the first event among the items, 0 if there is none. */
    static long firstSequence(final List<OutboxItem> items) {
        for (final OutboxItem item : items) {
            if (item instanceof Event event) {
                return event.sequence();
            }
        }
        return 0;
    }
}
