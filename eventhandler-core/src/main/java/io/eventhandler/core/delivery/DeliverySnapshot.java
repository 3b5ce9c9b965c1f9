package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.delivery.edf.JobQueueStatistics;
import io.eventhandler.core.delivery.edf.WorkerStatistics;

import java.util.Map;

/**
 * The delivery scheduler's counters at one moment, for the management API.
 *
 * @param queue                job queue: policy, jobs enqueued, taken and cancelled per kind, depth
 * @param workers              what the workers ran, and replications aborted because the event was dispatched
 * @param replicasAcknowledged copies the backup acknowledged (with no backup configured: every replication run)
 * @param replicasFailed       copies that did not reach the backup
 * @param discardsRequested    discard requests for copies whose original reached every subscriber
 * @param replicationsAvoided  events of loss-tolerant topics that needed no replication job (Proposition 1)
 * @param dispatchesMerged     dispatch jobs fanned out with the one before them, sharing its writes (smart batching)
 * @param dispatchesInline     dispatches run by a thread that served a publish, after its answer: its own event's
 *                             ({@link EdfScheduler#hold}), or while delivery is behind the queue's head
 * @param topics               per topic: deadlines met and missed, latency percentiles, drops, longest loss run
 * @param subscribers          the same per subscriber
 */
public record DeliverySnapshot(JobQueueStatistics queue, WorkerStatistics workers, long replicasAcknowledged,
                               long replicasFailed, long discardsRequested, long replicationsAvoided,
                               long dispatchesMerged, long dispatchesInline,
                               Map<String, DeliveryStatistics> topics, Map<String, DeliveryStatistics> subscribers) {
}
