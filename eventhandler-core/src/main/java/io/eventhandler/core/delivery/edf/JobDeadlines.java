package io.eventhandler.core.delivery.edf;

/**
 * The absolute deadlines of one message's jobs, in epoch microseconds (the clock of the creation stamp t_c).
 *
 * @param dispatchDeadlineMicros    t_p + D^d
 * @param replicationDeadlineMicros t_p + D^r; meaningful only when {@code replicate}
 * @param replicate                 whether a replication job is created
 * @param publisherToBrokerMicros   the Δ_PB used: max(t_p − t_c, configured lower bound)
 */
public record JobDeadlines(long dispatchDeadlineMicros, long replicationDeadlineMicros, boolean replicate,
                           long publisherToBrokerMicros) {
}
