package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorNode;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * One ring per event type (each supplier topic, each operator's output), holding the single instance of every recent
 * event. A ring has as many slots as instances of its type can be valid at once: ceil(validity / period) when both
 * are known (one when the validity is shorter than the period), else the configured default. Thread-safe.
 */
public final class EventStore {

    private final Map<String, EventRing> rings = new HashMap<>();
    private final LongAdder reclaimed = new LongAdder();

    EventStore(final OperatorGraph graph, final EngineSettings settings) {
        for (final String topic : graph.supplierPriorities().keySet()) {
            rings.put(EngineEvent.supplierType(topic), new EventRing(ringSize(graph.supplierValidityMicros(topic),
                    settings.expectedPeriodMicros().get(topic), settings.defaultRingSize())));
        }
        for (final OperatorNode node : graph.nodes()) {
            rings.put(node.id(), new EventRing(settings.defaultRingSize()));
        }
    }

    /** The number of slots for a type valid for {@code validityMicros} that arrives every {@code periodMicros}. */
    static int ringSize(final long validityMicros, final Long periodMicros, final int defaultSize) {
        if (validityMicros == Long.MAX_VALUE || periodMicros == null || periodMicros <= 0) {
            return defaultSize;
        }
        return (int) Math.max(1, Math.min(1024, (validityMicros + periodMicros - 1) / periodMicros));
    }

    void put(final EngineEvent event) {
        if (rings.get(event.type()).put(event)) {
            reclaimed.increment();
        }
    }

    /** The newest event of a type ({@code topic:<TOPIC>} or an operator id). */
    public Optional<EngineEvent> latest(final String type) {
        final EventRing ring = rings.get(type);
        return ring == null ? Optional.empty() : Optional.ofNullable(ring.latest());
    }

    /** Slots of a type's ring, or 0 for an unknown type. */
    public int capacity(final String type) {
        final EventRing ring = rings.get(type);
        return ring == null ? 0 : ring.capacity();
    }

    long reclaimed() {
        return reclaimed.sum();
    }
}
