package io.eventhandler.server.observability;

import io.eventhandler.core.broker.SubscriberSnapshot;
import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.topic.TopicSnapshot;
import io.eventhandler.server.http.ConnectionStatistics;
import io.eventhandler.server.replication.ReplicationLinkDTO;
import io.eventhandler.server.runtime.RoleActivity;
import io.eventhandler.core.topic.HistoryBudget;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The Event Handler's Prometheus metrics (Micrometer): every value is read at scrape time from the counters the
 * broker, the delivery scheduler, the replication service and the worker pools keep anyway, through function
 * counters and gauges over one {@link ObservedState.Sample} taken per scrape. Per-topic series are capped by
 * {@link TopicSeries}. JVM memory, GC, threads, class loading, CPU and uptime come from Micrometer's binders.
 * Metric names and tags: {@code docs/observability.md}. Scrapes are serialised.
 */
public final class EventHandlerMetrics implements AutoCloseable {

    private final ObservedState state;
    private final TopicSeries series;
    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gc = new JvmGcMetrics();
    /** The last counters of every topic ever seen: a topic that goes keeps its share of {@code _other}. */
    private final Map<String, TopicTotals> lastByTopic = new HashMap<>();
    private final Set<String> registeredLabels = new HashSet<>();
    private final Set<String> registeredRoles = new HashSet<>();
    private volatile Map<String, RoleActivity> byRole = Map.of();
    private volatile Map<String, TopicTotals> byLabel = Map.of();
    private volatile ObservedState.Sample sample;

    /**
     * @param topicLimit topics with series of their own; the rest are summed into {@code topic="_other"}
     */
    public EventHandlerMetrics(final ObservedState state, final int topicLimit) {
        this.state = state;
        this.series = new TopicSeries(topicLimit);
        final PrometheusRegistry prometheus = new PrometheusRegistry();
        prometheus.register(new LatencyHistogramCollector(state.delivery(), series));
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, prometheus,
                io.micrometer.core.instrument.Clock.SYSTEM);
        this.sample = state.sample();
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        bindSubscribers();
        bindDeliveryScheduler();
        bindHttpWorkers();
        bindReplication();
        bindHistoryBudget();
    }

    /** Adds the meters of an optional part (the Kafka bridge), which knows its own counters. */
    public <T extends MeterBinder> T bind(final T binder) {
        binder.bindTo(registry);
        return binder;
    }

    /** The Prometheus text exposition (format 0.0.4) of every metric now. */
    public synchronized String scrape() {
        refresh();
        return registry.scrape();
    }

    private void refresh() {
        final ObservedState.Sample now = state.sample();
        final Map<String, DeliveryStatistics> deliveries = now.delivery().topics();
        // sorted: topics seen in the same scrape get their own series in name order, not hash order
        final Set<String> topics = new TreeSet<>(deliveries.keySet());
        for (final TopicSnapshot topic : now.topics()) {
            topics.add(topic.topic());
        }
        final Map<String, TopicSnapshot> byName = new HashMap<>();
        now.topics().forEach(t -> byName.put(t.topic(), t));
        for (final String topic : topics) {
            final TopicSnapshot counts = byName.get(topic);
            final DeliveryStatistics delivered = deliveries.get(topic);
            lastByTopic.put(topic, new TopicTotals(
                    counts == null ? 0 : counts.accepted(),
                    counts == null ? 0 : counts.deliveriesQueued(),
                    delivered == null ? 0 : delivered.delivered(),
                    delivered == null ? 0 : delivered.dropped(),
                    delivered == null ? 0 : delivered.deadlineMet(),
                    delivered == null ? 0 : delivered.deadlineMissed(),
                    counts == null ? 0 : counts.subscribers(),
                    delivered == null ? 0 : delivered.fromHistory()));
        }
        final Map<String, TopicTotals> labels = new HashMap<>();
        topics.forEach(series::label);
        lastByTopic.forEach((topic, totals) -> labels.merge(series.label(topic), totals, TopicTotals::plus));
        this.byLabel = labels;
        this.sample = now;
        labels.keySet().stream().filter(registeredLabels::add).forEach(this::bindTopic);
        final Map<String, RoleActivity> roles = new HashMap<>();
        now.roles().forEach(role -> roles.put(role.role(), role));
        this.byRole = roles;
        roles.keySet().stream().filter(registeredRoles::add).forEach(this::bindRole);
    }

    /** A role of the runner: its stalls and failures (a role that made no thread yet has no series). */
    private void bindRole(final String role) {
        FunctionCounter.builder("eh.runner.stalls", this, m -> m.role(role).stalls())
                .description("Rounds or tasks of a server thread role that ran longer than its stall bound")
                .tag("role", role).register(registry);
        FunctionCounter.builder("eh.runner.failures", this, m -> m.role(role).failures())
                .description("Rounds or tasks of a server thread role that ended with an unexpected exception")
                .tag("role", role).register(registry);
        FunctionCounter.builder("eh.runner.deaths", this, m -> m.role(role).deaths())
                .description("Threads of a server thread role that died on an error, and its periodic tasks that "
                        + "stopped: health is DOWN")
                .tag("role", role).register(registry);
    }

    private RoleActivity role(final String role) {
        return byRole.getOrDefault(role, new RoleActivity(role, 0, 0, 0, 0, false, 0));
    }

    private void bindTopic(final String label) {
        topicCounter(label, "eh.events.accepted", "Events accepted (numbered and kept) per topic",
                TopicTotals::accepted);
        topicCounter(label, "eh.deliveries.queued", "Events queued to subscribers per topic", TopicTotals::queued);
        topicCounter(label, "eh.deliveries", "Events delivered to subscribers per topic", TopicTotals::delivered);
        topicCounter(label, "eh.deliveries.dropped",
                "Events that will never reach a subscriber (queue full, subscriber closed, webhook given up)",
                TopicTotals::dropped);
        topicCounter(label, "eh.deliveries.from.history",
                "Events replayed from the history to subscribers that attached later, per topic (no deadline applies)",
                TopicTotals::fromHistory);
        topicCounter(label, "eh.deadline.met", "Deliveries by the topic's deadline t_c + D",
                TopicTotals::deadlineMet);
        topicCounter(label, "eh.deadline.missed", "Deliveries after the topic's deadline t_c + D",
                TopicTotals::deadlineMissed);
        Gauge.builder("eh.topic.subscribers", this, m -> m.topic(label).subscribers())
                .description("Subscribers attached per topic").tag("topic", label).register(registry);
    }

    private void topicCounter(final String label, final String name, final String description,
                              final ToDoubleFunction<TopicTotals> value) {
        FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.topic(label)))
                .description(description).tag("topic", label).register(registry);
    }

    private TopicTotals topic(final String label) {
        return byLabel.getOrDefault(label, TopicTotals.ZERO);
    }

    private void bindSubscribers() {
        Gauge.builder("eh.subscribers", this, m -> m.sample.subscribers().size())
                .description("Subscribers attached (SSE streams and webhooks)").register(registry);
        Gauge.builder("eh.subscriber.queue.pending", this,
                        m -> m.sample.subscribers().stream().mapToLong(SubscriberSnapshot::pending).sum())
                .description("Items waiting in all subscribers' queues").register(registry);
        Gauge.builder("eh.subscriber.queue.pending.max", this,
                        m -> m.sample.subscribers().stream().mapToLong(SubscriberSnapshot::pending).max().orElse(0))
                .description("Items waiting in the fullest subscriber queue").register(registry);
        FunctionCounter.builder("eh.numbering.resets", state.broker().numbering(), n -> n.resetsAnnounced())
                .description("Reset notices sent to subscribers resuming from ids of another numbering (a restart)")
                .register(registry);
        for (final CloseReason reason : CloseReason.values()) {
            FunctionCounter.builder("eh.disconnects", this,
                            m -> m.sample.disconnects().getOrDefault(reason, 0L))
                    .description("Subscribers detached, by reason").tag("reason", reason.name())
                    .register(registry);
        }
    }

    private void bindHistoryBudget() {
        final HistoryBudget budget = state.broker().historyBudget();
        Gauge.builder("eh.history.memory.max.bytes", budget, HistoryBudget::maxBytes)
                .description("Heap budget of all topics' in-memory histories together (0: none)").register(registry);
        Gauge.builder("eh.history.memory.held.bytes", budget, HistoryBudget::heldBytes)
                .description("Heap the in-memory histories are counted as holding").register(registry);
        FunctionCounter.builder("eh.history.trimmed", budget, HistoryBudget::trimmedEvents)
                .description("Events dropped from a topic's history before its count, byte or age bound, by reason "
                        + "(memory: to keep all histories within their heap budget)")
                .tag("reason", "memory").register(registry);
    }

    private void bindDeliveryScheduler() {
        Gauge.builder("eh.delivery.jobs.queued", this, m -> m.sample.delivery().queue().depth())
                .description("Dispatch and replication jobs waiting in the EDF job queue").register(registry);
        Gauge.builder("eh.delivery.workers", this, m -> m.sample.delivery().workers().threads())
                .description("Delivery worker threads").register(registry);
        Gauge.builder("eh.delivery.workers.busy", this, m -> m.sample.deliveryWorkersBusy())
                .description("Delivery workers running a job now").register(registry);
        FunctionCounter.builder("eh.delivery.job.failures", this, m -> m.sample.delivery().workers().failures())
                .description("Delivery jobs whose handler threw").register(registry);
        FunctionCounter.builder("eh.delivery.dispatches.merged", this, m -> m.sample.delivery().dispatchesMerged())
                .description("Dispatch jobs fanned out with the job before them, sharing its writes")
                .register(registry);
        FunctionCounter.builder("eh.delivery.dispatches.inline", this, m -> m.sample.delivery().dispatchesInline())
                .description("Dispatches run by the selector thread that served a publish, after its answer")
                .register(registry);
    }

    private void bindHttpWorkers() {
        final GrizzlyWorkerProbe workers = state.httpWorkers();
        Gauge.builder("eh.http.workers", workers, GrizzlyWorkerProbe::threads)
                .description("Grizzly worker threads").register(registry);
        Gauge.builder("eh.http.workers.busy", workers, GrizzlyWorkerProbe::busy)
                .description("Grizzly workers running a request now").register(registry);
        Gauge.builder("eh.http.tasks.queued", workers, GrizzlyWorkerProbe::queued)
                .description("Requests waiting for a Grizzly worker").register(registry);
        FunctionCounter.builder("eh.http.worker.tasks", workers, GrizzlyWorkerProbe::tasks)
                .description("Tasks handed to the Grizzly workers: requests (not a small publish a selector serves);"
                        + " with TLS, reads too")
                .register(registry);
        final ConnectionStatistics connections = state.connections();
        Gauge.builder("eh.http.connections", connections, ConnectionStatistics::open)
                .description("Client connections open").register(registry);
        FunctionCounter.builder("eh.http.connections.refused", connections,
                        ConnectionStatistics::refusedOverTotalCount)
                .description("Connections closed at accept, over a connection limit").tag("reason", "total")
                .register(registry);
        FunctionCounter.builder("eh.http.connections.refused", connections,
                        ConnectionStatistics::refusedOverAddressCount)
                .description("Connections closed at accept, over a connection limit").tag("reason", "address")
                .register(registry);
        FunctionCounter.builder("eh.http.requests.cut", connections, ConnectionStatistics::cutInHeadCount)
                .description("Requests cut for not arriving whole within the request timeout").tag("phase", "head")
                .register(registry);
        FunctionCounter.builder("eh.http.requests.cut", connections, ConnectionStatistics::cutInBodyCount)
                .description("Requests cut for not arriving whole within the request timeout").tag("phase", "body")
                .register(registry);
        FunctionCounter.builder("eh.http.tls.renegotiations.refused", connections,
                        ConnectionStatistics::renegotiationsRefusedCount)
                .description("Client-initiated TLS renegotiations refused (the connection closed)")
                .register(registry);
    }

    private void bindReplication() {
        for (final ReplicationRole role : ReplicationRole.values()) {
            Gauge.builder("eh.replication.role", this, m -> role.name().equals(m.sample.replication().role()) ? 1 : 0)
                    .description("1 for this instance's role now, 0 for the others").tag("role", role.name())
                    .register(registry);
        }
        Gauge.builder("eh.replication.epoch", this, m -> m.sample.replication().epoch())
                .description("The pair's epoch: incremented by every take-over").register(registry);
        Gauge.builder("eh.replication.serving", this, m -> m.sample.replication().serving() ? 1 : 0)
                .description("1 when this instance serves publishers and subscribers").register(registry);
        Gauge.builder("eh.replication.link.queued", this, m -> link(m).queued())
                .description("Replication records waiting to be sent to the backup (replication lag)")
                .register(registry);
        Gauge.builder("eh.replication.link.round.trip", this, m -> link(m).lastRoundTripMicros() / 1e6)
                .description("Round trip of the last replication batch to the backup").baseUnit("seconds")
                .register(registry);
        Gauge.builder("eh.replication.link.connected", this, m -> link(m).connected() ? 1 : 0)
                .description("1 when the last replication batch reached the backup").register(registry);
        FunctionCounter.builder("eh.replication.replicas.failed", this,
                        m -> m.sample.delivery().replicasFailed())
                .description("Copies that did not reach the backup").register(registry);
        Gauge.builder("eh.replication.buffer.held", this, m -> m.sample.replication().buffer().held())
                .description("Copies the backup holds for the primary's undelivered events").register(registry);
        FunctionCounter.builder("eh.replication.buffer.given.up", this,
                        m -> m.sample.replication().buffer().givenUp())
                .description("Events a take-over could not recover: their copies were pushed out of the full backup "
                        + "buffer before every subscriber had them (announced as failover gaps)").register(registry);
        FunctionCounter.builder("eh.replication.resends.recognised", this,
                        m -> m.sample.replication().resendsRecognised())
                .description("Publishers' resends of events taken over under their original numbers, acknowledged "
                        + "and not accepted again").register(registry);
    }

    private static final ReplicationLinkDTO NO_LINK = new ReplicationLinkDTO("", false, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0);

    private static ReplicationLinkDTO link(final EventHandlerMetrics metrics) {
        final ReplicationLinkDTO link = metrics.sample.replication().link();
        return link == null ? NO_LINK : link;
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
