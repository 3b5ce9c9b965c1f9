package io.eventhandler.core.subscription;

import io.eventhandler.core.Events;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.SystemRef;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArrowheadEventFilterTest {

    private static final long T = 1_700_000_000_000_000L;
    private static final long TOLERANCE = 1_000_000L;

    private static Event event(final Map<String, String> metaData, final SystemRef source, final long created) {
        return new Event("T", 1, Events.draft("t", "p", metaData, source, created), new byte[0], 0);
    }

    private static ArrowheadEventFilter metadataFilter(final Map<String, String> required) {
        return new ArrowheadEventFilter(true, required, Set.of(), Long.MIN_VALUE, Long.MAX_VALUE, TOLERANCE);
    }

    @Test
    void shouldMatchMetadataValuesIgnoringCaseButKeysExactly() {
        final ArrowheadEventFilter filter = metadataFilter(Map.of("unit", "celsius"));
        assertTrue(filter.accepts(event(Map.of("unit", "CELSIUS", "extra", "x"), Events.PUBLISHER, T)));
        assertFalse(filter.accepts(event(Map.of("Unit", "celsius"), Events.PUBLISHER, T)));
        assertFalse(filter.accepts(event(Map.of("unit", "kelvin"), Events.PUBLISHER, T)));
        assertFalse(filter.accepts(event(Map.of(), Events.PUBLISHER, T)));
        assertFalse(filter.accepts(event(null, Events.PUBLISHER, T)));
    }

    @Test
    void shouldNeverMatchAnEmptyFilterValue() {
        final Map<String, String> required = new HashMap<>();
        required.put("unit", "");
        assertFalse(metadataFilter(required).accepts(event(Map.of("unit", ""), Events.PUBLISHER, T)));
    }

    @Test
    void shouldIgnoreMetadataWhenMatchMetaDataIsFalse() {
        final ArrowheadEventFilter filter = new ArrowheadEventFilter(false, Map.of("unit", "celsius"), Set.of(),
                Long.MIN_VALUE, Long.MAX_VALUE, TOLERANCE);
        assertTrue(filter.accepts(event(null, Events.PUBLISHER, T)));
    }

    @Test
    void shouldAcceptOnlyListedSources() {
        final SystemRef listed = SystemRef.of("Sensor", "10.0.0.1", 80);
        final ArrowheadEventFilter filter = new ArrowheadEventFilter(false, Map.of(), Set.of(listed),
                Long.MIN_VALUE, Long.MAX_VALUE, TOLERANCE);
        assertTrue(filter.accepts(event(null, SystemRef.of("SENSOR", "10.0.0.1", 80), T)));
        assertFalse(filter.accepts(event(null, SystemRef.of("sensor", "10.0.0.1", 81), T)));
        assertFalse(filter.accepts(event(null, Events.PUBLISHER, T)));
    }

    @Test
    void shouldDeliverOnlyBetweenStartAndEndWithinTheTolerance() {
        final long start = T;
        final long end = T + 10_000_000L;
        final ArrowheadEventFilter filter = new ArrowheadEventFilter(false, Map.of(), Set.of(), start, end,
                TOLERANCE);
        assertTrue(filter.accepts(event(null, Events.PUBLISHER, start + 5_000_000L)));
        assertTrue(filter.accepts(event(null, Events.PUBLISHER, start - TOLERANCE)), "tolerated skew");
        assertFalse(filter.accepts(event(null, Events.PUBLISHER, start - TOLERANCE - 1)), "before start");
        assertTrue(filter.accepts(event(null, Events.PUBLISHER, end + TOLERANCE)));
        assertFalse(filter.accepts(event(null, Events.PUBLISHER, end + TOLERANCE + 1)), "after end");
    }
}
