package io.eventhandler.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.arrowhead.CloudMembership;
import io.eventhandler.server.arrowhead.LocalCloud;
import io.eventhandler.server.calibration.CalibrationSession;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.delivery.DeliveryDrain;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.frontend.Endpoints;
import io.eventhandler.server.frontend.HttpFrontEnd;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.http.ConnectionStatistics;
import io.eventhandler.server.http.JsonLimits;
import io.eventhandler.server.kafka.ExportedCopies;
import io.eventhandler.server.kafka.KafkaBridge;
import io.eventhandler.server.mqtt.MqttGateway;
import io.eventhandler.server.observability.EventHandlerMetrics;
import io.eventhandler.server.observability.GrizzlyWorkerProbe;
import io.eventhandler.server.observability.MetricsAccess;
import io.eventhandler.server.observability.ObservedState;
import io.eventhandler.server.publish.EventDtoEncoder;
import io.eventhandler.server.replication.MirroredState;
import io.eventhandler.server.replication.PairRoles;
import io.eventhandler.server.replication.ReplicaQueue;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Intake;
import io.eventhandler.server.runtime.Lifecycle;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.ServerIdentity;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.sse.SseHeartbeat;
import io.eventhandler.server.sse.StalledStreamMemory;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.validation.IdleTopicSweep;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The running Event Handler, and only its composition root: it builds the parts in dependency order, hands each its
 * own configuration, and adds each to one {@link Lifecycle} in the order it must start; stopping is that order
 * reversed (docs/architecture.md, "Inside the server").
 */
public final class EventHandlerServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerServer.class);

    private final ServerConfiguration configuration;
    private final Lifecycle lifecycle = new Lifecycle();
    private final Runner runner = lifecycle.own("runner", new Runner());
    /** Whether new work is taken: added last, so an orderly stop refuses new work before anything else stops. */
    private final Intake intake = new Intake();
    private final ServerSecurity security;
    private final ObjectMapper mapper;
    private final DeliveryProblemLog problems;
    private final Broker broker;
    private final DeliveryService delivery;
    /** The backup's copies of the exported topics (null unless an instance of a pair exports to Kafka). */
    private final ExportedCopies exportedCopies;
    private final HttpFrontEnd frontEnd;

    private EventHandlerServer(final ServerConfiguration configuration) {
        this.configuration = configuration;
        try {
            final CalibrationSession calibration = CalibrationSession.begin(configuration.experimental()
                    .calibration());
            lifecycle.own("calibration", calibration::finish);
            this.security = ServerSecurity.of(configuration.tls());
            this.mapper = JsonLimits.apply(JsonMapper.create(), configuration.limits());
            this.problems = lifecycle.own("delivery problem log", DeliveryProblemLog.start(
                    configuration.observability().logRepeatIntervalMs(), configuration.observability().logMaxLines()));
            final PairRoles roles = new PairRoles(configuration.replication());
            final ReplicaQueue replicas = new ReplicaQueue(configuration.replication(), roles);
            // in a pair that exports, the backup keeps every copy of the exported topics until Kafka holds it
            this.exportedCopies = configuration.replication().paired() ? ExportedCopies.of(configuration.kafka(),
                    replicas, configuration.replication().bufferPerTopic()) : null;
            this.delivery = new DeliveryService(configuration.delivery(), configuration.experimental(),
                    exportedCopies == null ? replicas : exportedCopies,
                    exportedCopies == null ? null : exportedCopies::keeps, problems, mapper, runner);
            this.broker = new Broker(HistoryService.brokerSettings(configuration.history(), configuration.delivery()),
                    new EventDtoEncoder(mapper), delivery.scheduler().drainExecutor(), delivery.scheduler().scheduler(),
                    delivery.scheduler().accounting());
            this.frontEnd = build(roles, replicas, calibration.recorder());
            lifecycle.start();
        } catch (final RuntimeException | Error e) {
            lifecycle.close();
            throw e;
        }
        LOG.info("Event Handler listening on {} (workers {}, delivery threads {}){}", baseUri(),
                configuration.http().workerThreads(), configuration.delivery().threads(), security.listeningAs());
    }

    /** Start a server with this configuration; it listens when this returns. */
    public static EventHandlerServer start(final ServerConfiguration configuration) {
        return new EventHandlerServer(configuration);
    }

    /** Builds the rest, each part added to the lifecycle where it starts; returns the front end. */
    private HttpFrontEnd build(final PairRoles roles, final ReplicaQueue replicas, final StageRecorder stages) {
        final ServerConfiguration c = configuration;
        // the kept history is back in the broker before the delivery workers run or anything is published
        final HistoryService history = lifecycle.add("history", new HistoryService(c.history(), broker, runner));
        lifecycle.add("delivery", Component.of(() -> delivery.start(broker), delivery));
        // drains after the intake: every publish let in has been accepted before it waits for delivery
        lifecycle.add("delivery drain", new DeliveryDrain(broker, c.history().mode() == HistoryMode.DURABLE));
        final EngineService engine = lifecycle.add("engine", new EngineService(c.engine(), broker, self(), mapper));
        final LocalCloud cloud = lifecycle.own("local cloud clients", LocalCloudChoice.of(c, security, mapper, runner));
        final SubscriptionAuthorizer authorizer = cloud.authorizer();
        final Subscriptions subscriptions = StoredSubscriptions.wire(lifecycle, c, authorizer,
                new StoredSubscriptions.Parts(broker, delivery, security, mapper, problems, runner));
        final ReplicationService replication = new ReplicationService(c.replication(),
                c.delivery().latencies().failoverMicros(), security.outgoing(), mapper, roles, replicas, broker,
                new MirroredState(subscriptions, delivery, engine), runner);
        final ObservedState observed = new ObservedState(broker, delivery.scheduler(), replication,
                new GrizzlyWorkerProbe(), new ConnectionStatistics(), runner, engine);
        final EventHandlerMetrics metrics = lifecycle.own("metrics",
                new EventHandlerMetrics(observed, c.observability().metricsTopicLimit()));
        final KafkaBridge kafka = metrics.bind(KafkaBridge.of(c, broker, roles::serving, delivery::destination,
                exportedCopies, this::baseUri, security, mapper, runner));
        final Endpoints endpoints = new Endpoints(broker, delivery, subscriptions, cloud.access(), authorizer,
                cloud.resources(), engine, history, replication, observed, metrics,
                new MetricsAccess(cloud.access(), c.observability()), problems, stages, intake, kafka);
        final StalledStreamMemory stalls = metrics.bind(new StalledStreamMemory(
                c.streams().effectiveStalledMemoryBytes(Runtime.getRuntime().maxMemory())));
        final HttpFrontEnd frontEnd = lifecycle.add("HTTP front end", new HttpFrontEnd(c.http(), c.shutdown(),
                c.limits(), c.streams(), stalls, security, mapper, endpoints, runner));
        lifecycle.add("MQTT", MqttGateway.of(c, cloud.access(), subscriptions, frontEnd.publishEntry(), new MqttGateway
                .Parts(broker, delivery, security, mapper, problems, intake, runner, replication::serving)));
        // the subscribers' streams end before the listener closes
        lifecycle.own("subscriber streams", broker);
        lifecycle.add("Kafka bridge", kafka);
        // asks its peer, which may ask back: once this instance answers
        lifecycle.add("replication", replication);
        // registered once it answers; on an orderly stop unregistered right after the intake closed
        lifecycle.add("local cloud membership", new CloudMembership(cloud, subscriptions, frontEnd::port));
        lifecycle.own("SSE heartbeat", new SseHeartbeat(broker, c.streams(), stalls, problems, runner));
        lifecycle.own("idle topic sweep", new IdleTopicSweep(broker, c.limits().topicIdleForgetSeconds(), runner));
        lifecycle.add("intake", intake);
        return frontEnd;
    }

    /** The Event Handler as the source of derived events: its certificate's name, at its registered address. */
    private SystemRef self() {
        return SystemRef.of(security.systemName(), configuration.arrowhead().domainName(),
                configuration.arrowhead().registeredPort(configuration.http().port()));
    }

    /** The port it listens on (the real one when configured with 0). */
    public int port() {
        return frontEnd.port();
    }

    /** {@code http://address:port} ({@code https} in secure mode), without a trailing slash. */
    public URI baseUri() {
        return frontEnd.baseUri();
    }

    /** The Event Handler's own certificate identity; empty in plain mode. */
    public Optional<ServerIdentity> identity() {
        return security.identity();
    }

    public ServerConfiguration configuration() {
        return configuration;
    }

    public Broker broker() {
        return broker;
    }

    /** The EDF delivery: its job queue, workers and per-topic plans. */
    public DeliveryService delivery() {
        return delivery;
    }

    /**
     * Stop every part in the reverse of the order they started: all stop accepting (new work is answered 503, the
     * services are unregistered), then all drain until {@code grace} has passed (what was accepted is delivered;
     * what is not by then is logged), then all close (SSE streams end, the listener closes).
     */
    public void stop(final Duration grace) {
        lifecycle.stop(grace);
        LOG.info("Event Handler on port {} stopped", frontEnd.port());
    }

    /** The orderly stop with the configured grace period ({@code eh.shutdown.grace.ms}), as on SIGTERM. */
    public void stop() {
        stop(configuration.shutdown().grace());
    }

    /** Stop at once: {@code stop(Duration.ZERO)}. */
    @Override
    public void close() {
        stop(Duration.ZERO);
    }
}
