package io.eventhandler.server.frontend;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.kafka.KafkaBridge;
import io.eventhandler.server.observability.EventHandlerMetrics;
import io.eventhandler.server.observability.MetricsAccess;
import io.eventhandler.server.observability.ObservedState;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.runtime.Intake;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;

import java.util.Set;

/**
 * The parts behind the HTTP front end's endpoints, built before it by the composition root.
 *
 * @param broker        publish, SSE and statistics
 * @param delivery      topic QoS management and the subscribers' admission
 * @param subscriptions webhook subscriptions and their management
 * @param access        who is calling, and as whom it may act (the local cloud's)
 * @param authorizer    who may reach an SSE subscriber (the local cloud's)
 * @param cloudResources Jersey resources the local cloud's own systems call (its authorization updates)
 * @param engine        the operator graph's management
 * @param history       history pages and durable acknowledgements
 * @param replication   the pair's protocol and whether this instance serves
 * @param observed      what the status page shows
 * @param metrics       the Prometheus metrics
 * @param metricsAccess who may read metrics and the status page
 * @param problems      where delivery problems are logged
 * @param stages        where publish and SSE record their stages ({@link StageRecorder#NONE} unless calibrating)
 * @param intake        whether new work is taken (not once an orderly stop began), and the requests being served
 */
public record Endpoints(Broker broker, DeliveryService delivery, Subscriptions subscriptions, AccessControl access,
                        SubscriptionAuthorizer authorizer, Set<Class<?>> cloudResources, EngineService engine,
                        HistoryService history, ReplicationService replication, ObservedState observed,
                        EventHandlerMetrics metrics, MetricsAccess metricsAccess, DeliveryProblemLog problems,
                        StageRecorder stages, Intake intake, KafkaBridge kafka) {
}
