package io.eventhandler.core.engine.runtime;

import java.util.Map;

/**
 * How the engine runs.
 *
 * @param workers              worker threads shared by all levels, at least one
 * @param defaultRingSize      EventStore slots for an event type whose period or validity is unknown, at least one
 * @param expectedPeriodMicros expected inter-arrival time per supplier topic (normalised), to size its ring
 */
public record EngineSettings(int workers, int defaultRingSize, Map<String, Long> expectedPeriodMicros) {

    public EngineSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (defaultRingSize < 1) {
            throw new IllegalArgumentException("defaultRingSize must be at least 1, was " + defaultRingSize);
        }
        expectedPeriodMicros = expectedPeriodMicros == null ? Map.of() : Map.copyOf(expectedPeriodMicros);
    }

    /** One worker per core, four slots per event type. */
    public static EngineSettings defaults() {
        return new EngineSettings(Runtime.getRuntime().availableProcessors(), 4, Map.of());
    }

    public EngineSettings withWorkers(final int count) {
        return new EngineSettings(count, defaultRingSize, expectedPeriodMicros);
    }
}
