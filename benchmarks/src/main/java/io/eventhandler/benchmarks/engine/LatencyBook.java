package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.runtime.DerivedEventSink;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The consumers: records each derived event's end-to-end latency, from the latest creation time of the supplier
 * events it was computed from (the engine's t_b) to its hand-over to the sink, per priority, in microseconds.
 * Marked events (a time-consistency violation under policy MARK) are counted too. Recording is lock-free across
 * workers; {@link #reset} starts a new interval (to drop the warm-up).
 */
public final class LatencyBook implements DerivedEventSink {

    public static final long HIGHEST_MICROS = 60_000_000L;

    private final Map<String, Integer> priorityByTopic = new HashMap<>();
    private final Map<Integer, Recorder> recorders = new HashMap<>();
    private final Map<Integer, LongAdder> marked = new HashMap<>();
    private final LongSupplier clockMicros;

    public LatencyBook(final List<StreamSpec> streams, final LongSupplier clockMicros) {
        this.clockMicros = clockMicros;
        for (final StreamSpec s : streams) {
            priorityByTopic.put(s.outputTopic(), s.priority());
            recorders.computeIfAbsent(s.priority(), p -> new Recorder(HIGHEST_MICROS, 3));
            marked.computeIfAbsent(s.priority(), p -> new LongAdder());
        }
    }

    @Override
    public void accept(final String topic, final String payload, final long tbMicros, final long teMicros,
                       final boolean marked) {
        final Integer priority = priorityByTopic.get(topic);
        if (priority == null) {
            return;
        }
        final long latency = Math.max(0, clockMicros.getAsLong() - tbMicros);
        recorders.get(priority).recordValue(Math.min(latency, HIGHEST_MICROS));
        if (marked) {
            this.marked.get(priority).increment();
        }
    }

    /** Drops everything recorded so far. */
    public void reset() {
        recorders.values().forEach(r -> r.getIntervalHistogram());
        marked.values().forEach(LongAdder::reset);
    }

    /** Marked events since the last reset or call, per priority (call right after {@link #snapshot}). */
    public Map<Integer, Long> marked() {
        final Map<Integer, Long> out = new HashMap<>();
        marked.forEach((p, m) -> out.put(p, m.sumThenReset()));
        return out;
    }

    /** What was recorded since the last reset or snapshot, per priority. */
    public Map<Integer, Histogram> snapshot() {
        final Map<Integer, Histogram> out = new HashMap<>();
        recorders.forEach((p, r) -> out.put(p, r.getIntervalHistogram()));
        return out;
    }
}
