package io.eventhandler.core.subscription;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.SystemRef;

import java.util.Map;
import java.util.Set;

/**
 * The filtering of an Arrowhead 4.6 subscription:
 * <ul>
 *   <li>metadata: when {@code matchMetaData}, every filter entry must be present in the event's metadata with an
 *       equal value ignoring case (exact key; extra event keys allowed; empty keys or values never match);</li>
 *   <li>sources: when given, only events published by one of them;</li>
 *   <li>dates: {@code startDate - tolerance <= timeStamp <= endDate + tolerance}. Arrowhead 4.6 inverted the start
 *       comparison (it delivered only events stamped <em>before</em> startDate + tolerance); this is the documented
 *       intent.</li>
 * </ul>
 *
 * @param matchMetaData          whether the metadata filter applies
 * @param filterMetaData         required metadata
 * @param sources                accepted publishers; empty means any
 * @param startEpochMicros       earliest creation stamp delivered, or {@link Long#MIN_VALUE}
 * @param endEpochMicros         latest creation stamp delivered, or {@link Long#MAX_VALUE}
 * @param toleranceMicros        clock-skew tolerance applied to both dates
 */
public record ArrowheadEventFilter(
        boolean matchMetaData,
        Map<String, String> filterMetaData,
        Set<SystemRef> sources,
        long startEpochMicros,
        long endEpochMicros,
        long toleranceMicros) implements EventFilter {

    @Override
    public boolean accepts(final Event event) {
        return sourceAccepted(event.source()) && withinDates(event.createdEpochMicros())
                && (!matchMetaData || metaDataMatches(event.metaData()));
    }

    private boolean sourceAccepted(final SystemRef source) {
        return sources.isEmpty() || sources.contains(source);
    }

    private boolean withinDates(final long created) {
        final boolean afterStart = startEpochMicros == Long.MIN_VALUE || created >= startEpochMicros - toleranceMicros;
        final boolean beforeEnd = endEpochMicros == Long.MAX_VALUE || created <= endEpochMicros + toleranceMicros;
        return afterStart && beforeEnd;
    }

    private boolean metaDataMatches(final Map<String, String> eventMetaData) {
        if (eventMetaData == null || eventMetaData.isEmpty()) {
            return false;
        }
        for (final Map.Entry<String, String> required : filterMetaData.entrySet()) {
            final String key = required.getKey();
            final String value = required.getValue();
            if (key == null || key.isEmpty() || value == null || value.isEmpty()) {
                return false;
            }
            final String actual = eventMetaData.get(key);
            if (actual == null || !actual.equalsIgnoreCase(value)) {
                return false;
            }
        }
        return true;
    }
}
