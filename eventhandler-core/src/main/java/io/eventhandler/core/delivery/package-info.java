/**
 * FRAME's real-time delivery (§3.4). {@link io.eventhandler.core.delivery.TopicPlans} keeps each topic's QoS, tightened
 * by its subscribers' requests and admitted (Lemmas 1 and 2). {@link io.eventhandler.core.delivery.EdfScheduler} turns
 * each accepted event into a dispatch job and, where Proposition 1 requires, a replication job, and runs them earliest
 * deadline first, merging the dispatches of one topic at the queue's head; it runs on whatever thread asks
 * ({@link io.eventhandler.core.delivery.DeliveryWorkers}, or a test stepping it).
 * {@link io.eventhandler.core.delivery.ReplicationCoordinator} keeps Table 3.3 (the Dispatched countdown, cancelling,
 * the one discard request), and {@link io.eventhandler.core.delivery.SubscriberAccounting} makes the listener each
 * outbox reports to (deadlines, losses, problem log). {@link io.eventhandler.core.delivery.EdfDelivery} assembles them.
 *
 * <p>Delivery schedules {@link io.eventhandler.core.outbox.FanOut}s, not topics: it uses {@code outbox}, {@code qos}
 * and {@code event}, and its sub-packages {@code edf} (jobs, queue, flags, deadlines), {@code accounting} (counters)
 * and {@code experimental} (the baselines of the experiments, injected).
 */
package io.eventhandler.core.delivery;
