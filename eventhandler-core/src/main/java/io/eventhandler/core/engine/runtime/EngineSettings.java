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
 * @param reservedWorkers      worker threads, on top of {@code workers}, that take only the highest level's work, so
 *                             that it never waits for a running lower-level operator; none with prioritization off.
 *                             None by default: on two cores a third thread made the highest level's p99 worse, not
 *                             better (the engine-versus-Flink notebook has the series)
 * @param workersWakeWorkers   whether a worker that leaves work queued wakes a parked worker for it. Off by default:
 *                             the kernel puts the woken worker on the waker's core, where it waits behind the waker,
 *                             which takes that work next anyway (on two cores, most of the engine's long waits; the
 *                             engine-versus-Flink notebook has the trace). Only offers from outside the engine then
 *                             wake workers, and a reserved worker still wakes a general one for work it may not take
 */
public record EngineSettings(int workers, int defaultRingSize, Map<String, Long> expectedPeriodMicros,
                             boolean prioritized, int reservedWorkers, boolean workersWakeWorkers) {

    public EngineSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (reservedWorkers < 0) {
            throw new IllegalArgumentException("reservedWorkers must be at least 0, was " + reservedWorkers);
        }
        if (defaultRingSize < 1) {
            throw new IllegalArgumentException("defaultRingSize must be at least 1, was " + defaultRingSize);
        }
        expectedPeriodMicros = expectedPeriodMicros == null ? Map.of() : Map.copyOf(expectedPeriodMicros);
    }

    /** Prioritized, no reserved worker: exactly {@code workers} threads. */
    public EngineSettings(final int workers, final int defaultRingSize, final Map<String, Long> expectedPeriodMicros) {
        this(workers, defaultRingSize, expectedPeriodMicros, true, 0, false);
    }

    /** One worker per core, none reserved, four slots per event type, prioritized. */
    public static EngineSettings defaults() {
        return new EngineSettings(Runtime.getRuntime().availableProcessors(), 4, Map.of(), true, 0, false);
    }

    public EngineSettings withWorkers(final int count) {
        return new EngineSettings(count, defaultRingSize, expectedPeriodMicros, prioritized, reservedWorkers,
                workersWakeWorkers);
    }

    public EngineSettings withPrioritized(final boolean on) {
        return new EngineSettings(workers, defaultRingSize, expectedPeriodMicros, on, reservedWorkers,
                workersWakeWorkers);
    }

    public EngineSettings withReservedWorkers(final int count) {
        return new EngineSettings(workers, defaultRingSize, expectedPeriodMicros, prioritized, count,
                workersWakeWorkers);
    }

    public EngineSettings withWorkersWakeWorkers(final boolean on) {
        return new EngineSettings(workers, defaultRingSize, expectedPeriodMicros, prioritized, reservedWorkers, on);
    }
}
