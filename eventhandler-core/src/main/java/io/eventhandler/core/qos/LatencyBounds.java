package io.eventhandler.core.qos;

import java.util.ArrayList;
import java.util.List;

/**
 * The latencies FRAME's bounds need (§3.3.1), all in microseconds and all <em>lower bounds</em>: a lower bound never
 * wrongly suppresses replication (Proposition 1), while an overestimate would shorten deadlines and delay other
 * traffic.
 *
 * @param publisherToBrokerMicros  Δ_PB = t_p − t_c: publisher → broker. Admission uses this bound; each message
 *                                 uses its measured t_p − t_c, or this bound when the measurement is smaller
 *                                 (clock skew)
 * @param edgeToSubscriberMicros   Δ_BS = t_s − t_d for {@link Destination#EDGE} topics (the paper: 1 ms)
 * @param cloudToSubscriberMicros  Δ_BS for {@link Destination#CLOUD} topics (the paper: 20 ms, a measured minimum)
 * @param brokerToBackupMicros     Δ_BB = t_b − t_r: primary → backup (the paper: 0.05 ms on a switched LAN; over
 *                                 HTTP measure it)
 * @param failoverMicros           x: from a broker crash until the publisher sends to the backup (the paper: 50 ms)
 */
public record LatencyBounds(long publisherToBrokerMicros, long edgeToSubscriberMicros, long cloudToSubscriberMicros,
                            long brokerToBackupMicros, long failoverMicros) {

    /** The values of the paper's worked example (§3.3.4): Δ_PB 0, Δ_BS 1 ms edge / 20 ms cloud, Δ_BB 0.05 ms, x 50 ms. */
    public static final LatencyBounds PAPER_EXAMPLE = new LatencyBounds(0, 1_000, 20_000, 50, 50_000);

    public LatencyBounds {
        final List<String> problems = new ArrayList<>();
        requireNonNegative(problems, "Δ_PB (publisher → broker)", publisherToBrokerMicros);
        requireNonNegative(problems, "Δ_BS edge (broker → subscriber)", edgeToSubscriberMicros);
        requireNonNegative(problems, "Δ_BS cloud (broker → subscriber)", cloudToSubscriberMicros);
        requireNonNegative(problems, "Δ_BB (primary → backup)", brokerToBackupMicros);
        requireNonNegative(problems, "x (failover)", failoverMicros);
        if (!problems.isEmpty()) {
            throw new InvalidQosException("latency bounds", problems);
        }
    }

    private static void requireNonNegative(final List<String> problems, final String name, final long micros) {
        if (micros < 0) {
            problems.add(name + " must be ≥ 0 µs, was " + micros);
        }
    }

    /** The default Δ_BS of a destination; a per-subscriber value can be passed to {@link Admission} instead. */
    public long brokerToSubscriberMicros(final Destination destination) {
        return destination == Destination.EDGE ? edgeToSubscriberMicros : cloudToSubscriberMicros;
    }
}
