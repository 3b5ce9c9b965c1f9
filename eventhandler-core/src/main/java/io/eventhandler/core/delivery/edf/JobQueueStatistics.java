package io.eventhandler.core.delivery.edf;

/**
 * The job queue's counters since it was created.
 *
 * @param policy                the order in force
 * @param enqueuedDispatches    dispatch jobs created
 * @param enqueuedReplications  replication jobs created
 * @param takenDispatches       dispatch jobs handed to a worker
 * @param takenReplications     replication jobs handed to a worker
 * @param cancelledReplications replication jobs cancelled while queued (their message was dispatched first)
 * @param cancelledDispatches   dispatch jobs cancelled while queued
 * @param skipped               cancelled jobs removed from the heap when they reached its head
 * @param depth                 jobs queued and not cancelled, now
 */
public record JobQueueStatistics(SchedulingPolicy policy, long enqueuedDispatches, long enqueuedReplications,
                                 long takenDispatches, long takenReplications, long cancelledReplications,
                                 long cancelledDispatches, long skipped, long depth) {
}
