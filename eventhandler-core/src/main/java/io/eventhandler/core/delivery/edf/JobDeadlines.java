package io.eventhandler.core.delivery.edf;

/**
 * The absolute deadlines of one message's jobs, in epoch microseconds (the clock of the creation stamp t_c).
 *
 * @param dispatchDeadlineMicros    t_p + D^d
 * @param replicationDeadlineMicros t_p + D^r; meaningful only when {@code replicate}
 * @param replicate                 whether a replication job is created
 * @param keepCopy                  whether the copy is made even when the dispatch completed first (a topic whose
 *                                  events another reader, the Kafka export, needs after a take-over): the dispatch
 *                                  neither cancels nor aborts its replication
 * @param publisherToBrokerMicros   the Δ_PB used: max(t_p − t_c, configured lower bound)
 */
public record JobDeadlines(long dispatchDeadlineMicros, long replicationDeadlineMicros, boolean replicate,
                           boolean keepCopy, long publisherToBrokerMicros) {

    /** Deadlines whose copy, if any, is needed only until the dispatch completes (Table 3.3). */
    public JobDeadlines(final long dispatchDeadlineMicros, final long replicationDeadlineMicros,
                        final boolean replicate, final long publisherToBrokerMicros) {
        this(dispatchDeadlineMicros, replicationDeadlineMicros, replicate, false, publisherToBrokerMicros);
    }
}
