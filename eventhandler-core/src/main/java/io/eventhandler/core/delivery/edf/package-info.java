/**
 * FRAME's delivery scheduling (§3.4): {@link io.eventhandler.core.delivery.TopicPlans} keeps each topic's
 * configured QoS and subscribers' requests admitted (strictest wins), and a
 * {@link io.eventhandler.core.delivery.edf.JobGenerator} per admitted topic
 * turns each accepted message into a dispatch job (deadline t_p + D^d) and, only when Proposition 1 requires it, a
 * replication job (t_p + D^r); one {@link io.eventhandler.core.delivery.edf.JobQueue} holds both kinds in EDF (or, for
 * comparison, FCFS) order for a pool of {@link io.eventhandler.core.delivery.edf.DeliveryWorkers}. Each message
 * carries its Table 3.3 {@link io.eventhandler.core.delivery.edf.DispatchReplicateFlags}, which also settle the race
 * between a replica in flight and a completing dispatch so that exactly one discard request is sent; the backup side
 * prunes discarded copies from its {@link io.eventhandler.core.replication.BackupBuffer} and a promotion re-dispatches
 * the rest ({@link io.eventhandler.core.broker.Broker#restore}). Deadlines are epoch
 * microseconds, anchored to the message's creation time.
 */
package io.eventhandler.core.delivery.edf;
