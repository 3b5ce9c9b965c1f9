package io.eventhandler.core.qos;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * FRAME's admission test (§3.3.4): a topic is admitted only if its replication deadline (Lemma 1) and its dispatch
 * deadline (Lemma 2) are both non-negative, and, for L = 0, the publisher retains at least one message (otherwise a
 * crash right after an arrival loses it). Pure and stateless.
 */
public final class Admission {

    private Admission() {
    }

    /** Tests with the destination's default Δ_BS. */
    public static AdmissionResult evaluate(final TopicQos qos, final LatencyBounds bounds) {
        return evaluate(qos, bounds, bounds.brokerToSubscriberMicros(qos.destination()));
    }

    /**
     * Tests with an explicit Δ_BS, e.g. a subscriber's measured minimum. For a topic with several subscribers pass
     * the largest of theirs: one dispatch job serves them all, so the tightest dispatch deadline applies.
     */
    public static AdmissionResult evaluate(final TopicQos qos, final LatencyBounds bounds,
                                           final long brokerToSubscriberMicros) {
        if (brokerToSubscriberMicros < 0) {
            throw new IllegalArgumentException("Δ_BS must be ≥ 0 µs, was " + brokerToSubscriberMicros);
        }
        final long pb = bounds.publisherToBrokerMicros();
        final long overhead = bounds.brokerToBackupMicros() + bounds.failoverMicros();
        final boolean bestEffort = qos.lossTolerance().isBestEffort();

        final long pseudoReplication = bestEffort ? Micros.INFINITE
                : Micros.minus(protectedSpan(qos, qos.retention()), overhead);
        final long replication = Micros.minus(pseudoReplication, pb);
        final long pseudoDispatch = qos.deadlineMicros() - brokerToSubscriberMicros;
        final long dispatch = pseudoDispatch - pb;

        final List<String> refusals = new ArrayList<>();
        if (dispatch < 0) {
            refusals.add("dispatch deadline D^d = D − Δ_PB − Δ_BS = " + Micros.format(qos.deadlineMicros()) + " − "
                    + Micros.format(pb) + " − " + Micros.format(brokerToSubscriberMicros) + " = "
                    + Micros.format(dispatch) + " < 0 (D must be at least "
                    + Micros.format(pb + brokerToSubscriberMicros) + ")");
        }
        if (replication < 0) {
            refusals.add("replication deadline D^r = (N+L)·T − Δ_PB − Δ_BB − x = (" + qos.retention() + "+"
                    + qos.lossTolerance() + ")·" + Micros.format(qos.periodMicros()) + " − " + Micros.format(pb)
                    + " − " + Micros.format(bounds.brokerToBackupMicros()) + " − "
                    + Micros.format(bounds.failoverMicros()) + " = " + Micros.format(replication) + " < 0");
        }
        if (!bestEffort && qos.lossTolerance().value() == 0 && qos.retention() == 0) {
            refusals.add("loss tolerance L = 0 needs publisher retention N ≥ 1 (a crash right after an arrival"
                    + " would lose the message)");
        }
        final OptionalInt smallestN = dispatch < 0 ? OptionalInt.empty()
                : OptionalInt.of(smallestRetention(qos, pb + overhead));
        final boolean replicationNeeded = !bestEffort && dispatch > replication;
        return new AdmissionResult(qos, bounds, brokerToSubscriberMicros, replication, dispatch, pseudoReplication,
                pseudoDispatch, replicationNeeded, refusals, smallestN);
    }

    /** (N+L)·T: how long the publisher's retention plus the tolerated losses cover. */
    private static long protectedSpan(final TopicQos qos, final int retention) {
        return Micros.times((long) retention + qos.lossTolerance().value(), qos.periodMicros());
    }

    /** The smallest N with (N+L)·T ≥ Δ_PB + Δ_BB + x, and N ≥ 1 when L = 0. */
    private static int smallestRetention(final TopicQos qos, final long delays) {
        if (qos.lossTolerance().isBestEffort()) {
            return 0;
        }
        final long loss = qos.lossTolerance().value();
        final long periodsNeeded = qos.periodMicros() == Micros.INFINITE ? (delays > 0 ? 1 : 0)
                : -Math.floorDiv(-delays, qos.periodMicros());
        final long n = Math.max(loss == 0 ? 1 : 0, periodsNeeded - loss);
        return (int) Math.min(Integer.MAX_VALUE, n);
    }
}
