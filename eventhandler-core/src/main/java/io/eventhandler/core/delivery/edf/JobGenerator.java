package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.Micros;

import java.util.concurrent.atomic.LongAdder;

/**
 * FRAME's job generator for one admitted topic (§3.4.1): turns the topic's pseudo deadlines D^d' = D − Δ_BS and
 * D^r' = (N+L)·T − Δ_BB − x into a message's absolute deadlines by subtracting its own Δ_PB = t_p − t_c. The
 * deadlines are therefore anchored to the creation time: t_p + D^d = t_c + D^d'. When the measured Δ_PB is below the
 * configured lower bound (clock skew, or a creation stamp from the future) the bound is used instead, so a skewed
 * publisher cannot buy itself a later deadline. Thread-safe.
 */
public final class JobGenerator {

    private final long pseudoDispatchMicros;
    private final long pseudoReplicationMicros;
    private final long publisherToBrokerLowerBound;
    private final boolean replicates;
    /** Whether a copy is made even after the dispatch completed (the Kafka export's topics). */
    private final boolean keepsCopies;
    private final boolean bestEffort;
    private final LongAdder replicationsAvoided = new LongAdder();

    /** @throws IllegalArgumentException when the admission refused the topic */
    public JobGenerator(final AdmissionResult admission, final ReplicationPolicy policy) {
        this(admission, policy, false);
    }

    /**
     * As above; {@code keepCopies} replicates every message of the topic whatever Proposition 1 and its loss
     * tolerance say (a topic whose events must survive a take-over for another reader, such as the Kafka export).
     * A copy Proposition 1 does not need is due with the message's dispatch (or at its D^r, if that is earlier).
     *
     * @throws IllegalArgumentException when the admission refused the topic
     */
    public JobGenerator(final AdmissionResult admission, final ReplicationPolicy policy, final boolean keepCopies) {
        if (!admission.admitted()) {
            throw new IllegalArgumentException("no jobs for a refused topic: " + admission.reason());
        }
        this.pseudoDispatchMicros = admission.pseudoDispatchDeadlineMicros();
        this.publisherToBrokerLowerBound = admission.bounds().publisherToBrokerMicros();
        this.bestEffort = admission.qos().lossTolerance().isBestEffort();
        final boolean needed = !bestEffort && (policy == ReplicationPolicy.ALL || admission.replicationNeeded());
        this.replicates = needed || keepCopies;
        this.keepsCopies = keepCopies;
        final long pseudoReplication = admission.pseudoReplicationDeadlineMicros();
        this.pseudoReplicationMicros = needed ? pseudoReplication : Math.min(pseudoReplication, pseudoDispatchMicros);
    }

    /** Whether this topic's messages get a replication job. */
    public boolean replicates() {
        return replicates;
    }

    /** The deadlines of a message created at {@code createdMicros} (t_c) and arrived at {@code arrivedMicros} (t_p). */
    public JobDeadlines deadlines(final long createdMicros, final long arrivedMicros) {
        if (!replicates && !bestEffort) {
            replicationsAvoided.increment();
        }
        return deadlines(createdMicros, arrivedMicros, replicates);
    }

    /**
     * The dispatch deadline of a backup copy dispatched by a newly promoted primary: the same rule with t_p = the
     * copy's arrival (or now), which keeps the deadline anchored to the original t_c (§3.4.1 "Δ_PB is increased").
     * No replication: the promoted broker has no backup.
     */
    public JobDeadlines recoveryDeadlines(final long createdMicros, final long nowMicros) {
        return deadlines(createdMicros, nowMicros, false);
    }

    private JobDeadlines deadlines(final long createdMicros, final long arrivedMicros, final boolean replicate) {
        final long publisherToBroker = Math.max(arrivedMicros - createdMicros, publisherToBrokerLowerBound);
        final long anchor = arrivedMicros - publisherToBroker;
        return new JobDeadlines(anchor + pseudoDispatchMicros,
                replicate ? Micros.plus(anchor, pseudoReplicationMicros) : Micros.INFINITE, replicate,
                replicate && keepsCopies, publisherToBroker);
    }

    /** Messages of a topic with a finite loss tolerance that got no replication job thanks to Proposition 1. */
    public long replicationsAvoided() {
        return replicationsAvoided.sum();
    }
}
