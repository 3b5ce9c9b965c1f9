package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.accounting.DeliveryAccounting;
import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.delivery.accounting.StreamAccount;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.OutboxListener;
import io.eventhandler.core.outbox.OutboxListeners;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What becomes of each event for each subscriber, against its topic's deadline: the listener every subscriber's
 * outbox reports to records deadlines met and missed, latency and loss runs ({@link DeliveryAccounting}), logs late
 * and dropped events to the {@link DeliveryProblemLog}, and tells the {@link ReplicationCoordinator} that the
 * subscriber is done with the event. The broker asks it for that listener when a subscriber attaches.
 */
public final class SubscriberAccounting implements OutboxListeners {

    private final DeliveryAccounting accounting = new DeliveryAccounting();
    private final TopicPlans plans;
    private final LongSupplier clockMicros;
    private final DeliveryProblemLog problems;
    private final ReplicationCoordinator coordinator;

    SubscriberAccounting(final TopicPlans plans, final LongSupplier clockMicros, final DeliveryProblemLog problems,
                         final ReplicationCoordinator coordinator) {
        this.plans = plans;
        this.clockMicros = clockMicros;
        this.problems = problems;
        this.coordinator = coordinator;
    }

    @Override
    public OutboxListener listenerFor(final String topic, final String subscriber, final boolean receivesEverything) {
        return new StreamListener(topic, subscriber, accounting.stream(topic, subscriber, receivesEverything));
    }

    /** Per topic: deadlines met and missed, latency percentiles, drops, longest loss run. */
    Map<String, DeliveryStatistics> byTopic() {
        return accounting.byTopic();
    }

    /** The same per subscriber. */
    Map<String, DeliveryStatistics> bySubscriber() {
        return accounting.bySubscriber();
    }

    /** Copies of every topic's end-to-end latency histogram (microseconds). */
    Map<String, Histogram> latencyByTopic() {
        return accounting.latencyByTopic();
    }

    /** One subscriber's stream of one topic. */
    private final class StreamListener implements OutboxListener {

        private final String topic;
        private final String subscriber;
        private final StreamAccount account;
        /** Events up to this sequence were replayed from the history: no deadline applies to them. */
        private volatile long replayedThrough;

        StreamListener(final String topic, final String subscriber, final StreamAccount account) {
            this.topic = topic;
            this.subscriber = subscriber;
            this.account = account;
        }

        @Override
        public void replaying(final long throughSequence) {
            replayedThrough = throughSequence;
        }

        @Override
        public void delivered(final Event event) {
            delivered(List.of(event), 1);
        }

        /** One clock read, plan look-up and log line per batch: at 10,000 subscribers they were per event. */
        @Override
        public void delivered(final List<OutboxItem> batch, final int count) {
            final long now = clockMicros.getAsLong();
            final long budget = plans.plan(topic).dispatchBudgetMicros();
            int n = 0;
            int late = 0;
            Event oldestLate = null;
            for (final OutboxItem item : batch) {
                if (!(item instanceof Event event)) {
                    continue;
                }
                if (n++ == count) {
                    break;
                }
                if (event.sequence() <= replayedThrough) {
                    account.deliveredFromHistory(event.sequence());
                } else if (!account.delivered(event.sequence(), event.createdEpochMicros(), now, budget)
                        && late++ == 0) {
                    oldestLate = event;
                }
                coordinator.subscriberDone(event);
            }
            if (oldestLate != null) {
                problems.report(DeliveryProblemLog.Problem.DEADLINE_MISSED, topic, subscriber, oldestLate.sequence(),
                        "LATE", "latency_ms=" + (now - oldestLate.createdEpochMicros()) / 1_000 + " deadline_ms="
                                + budget / 1_000 + " late_in_write=" + late);
            }
        }

        @Override
        public void dropped(final Event event) {
            account.dropped(event.sequence());
            coordinator.subscriberDone(event);
        }

        @Override
        public void dropped(final Event event, final DropReason reason) {
            if (reason != DropReason.SINK_FAILED) { // a sink that gives up logs why itself
                problems.report(DeliveryProblemLog.Problem.DROPPED, topic, subscriber, event.sequence(),
                        reason.name());
            }
            dropped(event);
        }

        @Override
        public void closed() {
            accounting.forget(topic, subscriber);
        }
    }
}
