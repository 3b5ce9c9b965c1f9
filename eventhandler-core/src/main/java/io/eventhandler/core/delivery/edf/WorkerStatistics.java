package io.eventhandler.core.delivery.edf;

/**
 * What the delivery workers did since they started.
 *
 * @param threads             worker threads
 * @param dispatches          dispatch jobs executed
 * @param replications        replication jobs executed
 * @param replicationsAborted replication jobs taken but not executed because the message was already dispatched
 * @param failures            jobs whose handler threw
 */
public record WorkerStatistics(int threads, long dispatches, long replications, long replicationsAborted,
                               long failures) {
}
