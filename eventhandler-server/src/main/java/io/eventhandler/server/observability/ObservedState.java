package io.eventhandler.server.observability;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscriberSnapshot;
import io.eventhandler.core.delivery.DeliverySnapshot;
import io.eventhandler.core.delivery.EdfDelivery;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.topic.TopicSnapshot;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.http.ConnectionStatistics;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.replication.ReplicationStatusDTO;
import io.eventhandler.server.runtime.RoleActivity;
import io.eventhandler.server.runtime.Runner;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counters the Event Handler keeps anyway, and where they are: the broker (topics, subscribers, disconnects),
 * the delivery scheduler (deadlines, latency, job queue, workers), the replication service (role, epoch, link), the
 * operator engine (status page only), the Grizzly worker pool and the client connections. {@link #sample()} reads
 * them all once, for one scrape or one status tick.
 */
public record ObservedState(Broker broker, EdfDelivery delivery, ReplicationService replication,
                            GrizzlyWorkerProbe httpWorkers, ConnectionStatistics connections, Runner runner,
                            EngineService engine) {

    /** Everything at one moment (each source is consistent in itself, not with the others). */
    public record Sample(List<TopicSnapshot> topics, List<SubscriberSnapshot> subscribers,
                         Map<CloseReason, Long> disconnects, DeliverySnapshot delivery,
                         ReplicationStatusDTO replication, List<RoleActivity> roles) {

        /** Delivery workers running a job now: jobs taken from the queue and not finished. */
        public long deliveryWorkersBusy() {
            final long taken = delivery.queue().takenDispatches() + delivery.queue().takenReplications();
            final long finished = delivery.workers().dispatches() + delivery.workers().replications()
                    + delivery.workers().replicationsAborted() + delivery.workers().failures();
            return Math.max(0, Math.min(taken - finished, delivery.workers().threads()));
        }
    }

    /**
     * The watch on every long-lived thread the server depends on: the roles whose threads died on an error (or
     * whose periodic task stopped), with how many. Empty while all is well; anything else turns health red.
     */
    public Map<String, Long> deadThreads() {
        final Map<String, Long> dead = new TreeMap<>(runner.deaths());
        if (delivery.deadWorkers() > 0) {
            dead.put("eh-edf (delivery workers)", (long) delivery.deadWorkers());
        }
        if (engine.deadWorkers() > 0) {
            dead.put("eh-engine-worker", (long) engine.deadWorkers());
        }
        return dead;
    }

    public Sample sample() {
        return new Sample(broker.topics(), broker.subscribers(), broker.disconnects(), delivery.snapshot(),
                replication.statistics(), runner.activity());
    }
}
