package io.eventhandler.core.qos;

import java.util.List;
import java.util.OptionalInt;

/**
 * The outcome of FRAME's admission test for one topic, with the relative deadlines the job generator needs. All in
 * microseconds; {@link Micros#INFINITE} for the replication deadlines of a best-effort topic.
 *
 * @param qos                             the QoS tested
 * @param bounds                          the latencies used
 * @param brokerToSubscriberMicros        the Δ_BS used (destination default or per subscriber)
 * @param replicationDeadlineMicros       D^r = (N+L)·T − Δ_PB − Δ_BB − x (Lemma 1)
 * @param dispatchDeadlineMicros          D^d = D − Δ_PB − Δ_BS (Lemma 2)
 * @param pseudoReplicationDeadlineMicros D^r' = (N+L)·T − Δ_BB − x: D^r before the per-message Δ_PB (§3.4.1)
 * @param pseudoDispatchDeadlineMicros    D^d' = D − Δ_BS: D^d before the per-message Δ_PB
 * @param replicationNeeded               Proposition 1: D^d &gt; D^r and L not best effort
 * @param refusals                        one sentence per failing inequality; empty when admitted
 * @param smallestAdmittingRetention      the smallest N that admits the topic (with everything else unchanged), or
 *                                        empty when no N helps (D^d &lt; 0)
 */
public record AdmissionResult(TopicQos qos, LatencyBounds bounds, long brokerToSubscriberMicros,
                              long replicationDeadlineMicros, long dispatchDeadlineMicros,
                              long pseudoReplicationDeadlineMicros, long pseudoDispatchDeadlineMicros,
                              boolean replicationNeeded, List<String> refusals, OptionalInt smallestAdmittingRetention) {

    public AdmissionResult {
        refusals = List.copyOf(refusals);
    }

    public boolean admitted() {
        return refusals.isEmpty();
    }

    /**
     * Why the topic was refused: every failing inequality with its numbers, then the smallest admitting N (or that
     * none helps); "admitted" otherwise.
     */
    public String reason() {
        if (admitted()) {
            return "admitted";
        }
        return String.join("; ", refusals) + (smallestAdmittingRetention.isPresent()
                ? "; the smallest retention N that admits it is " + smallestAdmittingRetention.getAsInt()
                : "; no retention N admits it");
    }

    /** This result when admitted; otherwise throws {@link AdmissionRefusedException} (e.g. for a start-up error). */
    public AdmissionResult orThrow(final String topic) {
        if (!admitted()) {
            throw new AdmissionRefusedException(topic, this);
        }
        return this;
    }
}
