/**
 * The data structures of FRAME's delivery scheduling (§3.4), free of topics and threads: a
 * {@link io.eventhandler.core.delivery.edf.JobGenerator} per admitted topic turns each accepted message into a
 * dispatch job (deadline t_p + D^d) and, only when Proposition 1 requires it, a replication job (t_p + D^r); one
 * {@link io.eventhandler.core.delivery.edf.JobQueue} holds both kinds in EDF (or, for comparison, FCFS) order. Each
 * message carries its Table 3.3 {@link io.eventhandler.core.delivery.edf.DispatchReplicateFlags}, which also settle
 * the race between a replica in flight and a completing dispatch so that exactly one discard request is sent.
 * Deadlines are epoch microseconds, anchored to the message's creation time. The delivery package runs the jobs.
 */
package io.eventhandler.core.delivery.edf;
