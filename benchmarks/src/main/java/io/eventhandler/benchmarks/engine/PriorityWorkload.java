package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.core.engine.graph.RelativeValiditySpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The graph of the in-process Experiment Set 1 analogue (CPEP Fig. 2.6 is lost; this is a re-design after the
 * workload table of §2.6.1). Per copy:
 * <ul>
 *   <li>high (priority 3): 2 suppliers, 512 samples every 5 ms; fft each, concat of the two spectra;</li>
 *   <li>middle (priority 2): 4 suppliers, 1024 samples every 10 ms; fft each, concat of the four, aes-gcm;</li>
 *   <li>low (priority 1): 2 suppliers, 2048 samples every 20 ms; fft each, concat of the two spectra.</li>
 * </ul>
 * The EKF variant ({@code tracked}) gives every copy one more supplier at the copy's period, a range-bearing sensor
 * read by its own {@code ekf}, whose track the concat joins with the spectra (sensor fusion). The paper's EKF read
 * batches and fed an FFT; the built-in ekf reads one range-bearing pair, so it sits beside the FFTs instead. Streams
 * share nothing, so there are no cross-level moves and the comparison isolates scheduling.
 *
 * @param high              high-priority copies
 * @param middle            middle-priority copies (the load knob, k)
 * @param low               low-priority copies
 * @param middleRelativeMs  relative validity interval over each middle stream's four inputs, or 0 for none (Set 5)
 * @param policy            what a violation does: SHED drops the stale input, MARK publishes marked results
 * @param tracked           the EKF variant
 */
public record PriorityWorkload(int high, int middle, int low, double middleRelativeMs, ConsistencyPolicy policy,
                               boolean tracked) {

    public static final int HIGH = 3;
    public static final int MIDDLE = 2;
    public static final int LOW = 1;
    private static final String KEY = "000102030405060708090a0b0c0d0e0f";

    public PriorityWorkload(final int high, final int middle, final int low) {
        this(high, middle, low, 0, ConsistencyPolicy.SHED, false);
    }

    public PriorityWorkload(final int high, final int middle, final int low, final double middleRelativeMs,
                            final ConsistencyPolicy policy) {
        this(high, middle, low, middleRelativeMs, policy, false);
    }

    /** The same copies with or without the EKF. */
    public PriorityWorkload withTracking(final boolean on) {
        return new PriorityWorkload(high, middle, low, middleRelativeMs, policy, on);
    }

    /** Every stream copy, high first. */
    public List<StreamSpec> streams() {
        final List<StreamSpec> out = new ArrayList<>();
        for (int i = 1; i <= high; i++) {
            out.add(stream("H", i, HIGH, 5_000, 2, 512));
        }
        for (int i = 1; i <= middle; i++) {
            out.add(stream("M", i, MIDDLE, 10_000, 4, 1024));
        }
        for (int i = 1; i <= low; i++) {
            out.add(stream("L", i, LOW, 20_000, 2, 2048));
        }
        return out;
    }

    /** The graph; no absolute validity, so only the middle streams' relative validity, if any, can be violated. */
    public GraphSpec graph() {
        final List<OperatorSpec> ops = new ArrayList<>();
        for (final StreamSpec s : streams()) {
            final String id = s.outputTopic().toLowerCase(Locale.ROOT);
            final List<String> spectra = new ArrayList<>();
            for (final String topic : s.topics()) {
                final String fft = id + "-fft-" + topic.toLowerCase(Locale.ROOT);
                ops.add(new OperatorSpec(fft, "fft", List.of("topic:" + topic), Map.of(), null, null, null));
                spectra.add(fft);
            }
            final List<RelativeValiditySpec> relative = s.priority() == MIDDLE && middleRelativeMs > 0
                    ? List.of(new RelativeValiditySpec(spectra, Math.round(middleRelativeMs * 1000))) : List.of();
            final List<String> joined = new ArrayList<>(spectra);
            if (s.trackTopic() != null) {
                final String ekf = id + "-ekf-" + s.trackTopic().toLowerCase(Locale.ROOT);
                ops.add(new OperatorSpec(ekf, "ekf", List.of("topic:" + s.trackTopic()),
                        ekfParameters(s.periodMicros()), null, null, null));
                joined.add(ekf);
            }
            if (s.priority() == MIDDLE) {
                ops.add(new OperatorSpec(id + "-concat", "concat", joined, Map.of(), null, null, relative));
                ops.add(new OperatorSpec(id, "aes-gcm", List.of(id + "-concat"), Map.of("key", KEY),
                        s.outputTopic(), s.priority(), null));
            } else {
                ops.add(new OperatorSpec(id, "concat", joined, Map.of(), s.outputTopic(), s.priority(), null));
            }
        }
        return new GraphSpec(ops, Map.of(), policy);
    }

    private static Map<String, String> ekfParameters(final long periodMicros) {
        return Map.of("dt", Double.toString(periodMicros / 1e6), "process-noise", "0.1",
                "measurement-noise-range", "0.5", "measurement-noise-bearing", "0.001");
    }

    private StreamSpec stream(final String kind, final int copy, final int priority, final long periodMicros,
                              final int suppliers, final int samples) {
        final List<String> topics = new ArrayList<>();
        for (int s = 0; s < suppliers; s++) {
            topics.add(kind + copy + "_" + (char) ('A' + s));
        }
        return new StreamSpec(kind + copy + "_OUT", priority, periodMicros, topics, samples,
                tracked ? kind + copy + "_T" : null);
    }
}
