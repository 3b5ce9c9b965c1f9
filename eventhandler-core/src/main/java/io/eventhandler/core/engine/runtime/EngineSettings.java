package io.eventhandler.core.engine.runtime;

import java.util.Map;

/**
 * How the engine runs.
 *
 * @param workers              worker threads shared by all levels, at least one
 * @param defaultRingSize      EventStore slots for an event type whose period or validity is unknown, at least one
 * @param expectedPeriodMicros expected inter-arrival time per supplier topic (normalised), to size its ring
 * @param prioritized          true (the default) for one level per priority; false puts every operator and topic on
 *                             one FIFO level, everything else equal (CPEP's "prioritization off", for comparison)
 */
public record EngineSettings(int workers, int defaultRingSize, Map<String, Long> expectedPeriodMicros,
                             boolean prioritized) {

    public EngineSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (defaultRingSize < 1) {
            throw new IllegalArgumentException("defaultRingSize must be at least 1, was " + defaultRingSize);
        }
        expectedPeriodMicros = expectedPeriodMicros == null ? Map.of() : Map.copyOf(expectedPeriodMicros);
    }

    /** Prioritized. */
    public EngineSettings(final int workers, final int defaultRingSize, final Map<String, Long> expectedPeriodMicros) {
        this(workers, defaultRingSize, expectedPeriodMicros, true);
    }

    /** One worker per core, four slots per event type, prioritized. */
    public static EngineSettings defaults() {
        return new EngineSettings(Runtime.getRuntime().availableProcessors(), 4, Map.of());
    }

    public EngineSettings withWorkers(final int count) {
        return new EngineSettings(count, defaultRingSize, expectedPeriodMicros, prioritized);
    }

    public EngineSettings withPrioritized(final boolean on) {
        return new EngineSettings(workers, defaultRingSize, expectedPeriodMicros, on);
    }
}
