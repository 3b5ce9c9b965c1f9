package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.runtime.RunningLoop;
import io.eventhandler.server.security.OutgoingTls;
import io.eventhandler.server.security.ServerSecurity;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The bridge to Apache Kafka as a part of the server: its export and import loops, started after the history is back
 * and stopped before the broker closes; its counters in the metrics and on the status page. When
 * {@code eh.kafka.bootstrap.servers} is blank it starts nothing and adds no metric.
 */
public final class KafkaBridge implements Component, MeterBinder {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaBridge.class);
    /** A round waits up to this long for Kafka (reading positions back, a full producer buffer) before a stall. */
    private static final Duration STALL = Duration.ofSeconds(30);

    /** What the loops share of the configuration. */
    record Settings(KafkaConfiguration configuration, KafkaClients clients, boolean durable) {
    }

    /**
     * What the bridge needs of the server.
     *
     * @param broker       the topics, their history and subscribers
     * @param serving      whether this instance serves now (a backup standing by does not)
     * @param destinations each topic's configured FRAME destination
     * @param copies       the backup's copies of the exported topics, released as Kafka holds them (null: no backup)
     * @param self         this Event Handler's base address, for the import's publishes
     * @param tls          the client side of this Event Handler's identity (secure mode)
     * @param systemName   this Event Handler's system name: the source of imported events in secure mode
     * @param mapper       JSON
     * @param runner       the server's threads
     */
    public record Parts(Broker broker, BooleanSupplier serving, Function<String, Destination> destinations,
                       ExportedCopies copies, Supplier<URI> self, OutgoingTls tls, String systemName, ObjectMapper mapper, Runner runner) {
    }

    private final KafkaConfiguration configuration;
    private final Settings settings;
    private final Parts parts;
    private final Reachability reachability;
    private KafkaExport export;
    private KafkaImport imports;
    private RunningLoop exportLoop;
    private RunningLoop importLoop;

    /** The bridge of a server with this configuration (one that does nothing when the bridge is off). */
    public static KafkaBridge of(final ServerConfiguration c, final Broker broker, final BooleanSupplier serving,
                                 final Function<String, Destination> destinations, final ExportedCopies copies,
                                 final Supplier<URI> self, final ServerSecurity security, final ObjectMapper mapper,
                                 final Runner runner) {
        return new KafkaBridge(c.kafka(), c.history().durable(), new Parts(broker, serving, destinations, copies, self,
                security.outgoing(), security.systemName(), mapper, runner));
    }

    public KafkaBridge(final KafkaConfiguration configuration, final boolean durableHistory, final Parts parts) {
        this.configuration = configuration;
        this.settings = new Settings(configuration, new KafkaClients(configuration), durableHistory);
        this.parts = parts;
        this.reachability = new Reachability(configuration.bootstrapServers(), configuration.retryMillis());
    }

    @Override
    public void start() {
        if (configuration.exporting()) {
            export = new KafkaExport(parts.broker(), new ExportSelection(configuration.exportTopics(),
                    configuration.exportCloud(), parts.destinations()), settings, reachability, parts.serving(),
                    parts.copies());
            exportLoop = parts.runner().loop("eh-kafka-export", STALL, export);
        }
        if (configuration.importing()) {
            final String source = parts.tls().secure() ? parts.systemName() : configuration.importSource();
            imports = new KafkaImport(settings, reachability, parts.serving(),
                    new LoopbackPublisher(parts.self(), parts.tls(), parts.mapper()), source);
            importLoop = parts.runner().loop("eh-kafka-import", STALL, imports);
        }
        if (configuration.enabled()) {
            LOG.info("Kafka bridge to {}: export {}{}, import {}", configuration.bootstrapServers(),
                    configuration.exportTopics(), configuration.exportCloud() ? " and CLOUD topics" : "",
                    configuration.importTopics());
        }
    }

    /** The bridge now, for the status page; {@code enabled} false when it is off. */
    public KafkaStatus status() {
        return new KafkaStatus(configuration.enabled(), configuration.bootstrapServers(), reachability.reachable(),
                reachability.failures(), reachability.lastError(), export != null && export.paused(),
                export == null ? List.of() : export.status(), imports == null ? null : imports.status());
    }

    @Override
    public void bindTo(final MeterRegistry registry) {
        if (!configuration.enabled()) {
            return;
        }
        Gauge.builder("eh.kafka.reachable", this, b -> Boolean.TRUE.equals(b.reachability.reachable()) ? 1 : 0)
                .description("1 if Kafka answered the bridge's last call").register(registry);
        FunctionCounter.builder("eh.kafka.errors", this, b -> b.reachability.failures())
                .description("Kafka calls of the bridge that failed (sends, reads, polls)").register(registry);
        exportCounter(registry, "eh.kafka.export.records", "Records Kafka acknowledged", ExportStatus::records);
        exportCounter(registry, "eh.kafka.export.failed", "Records whose send failed, sent again after a resume",
                ExportStatus::errors);
        exportCounter(registry, "eh.kafka.export.missed", "Events that left the history before they were exported",
                ExportStatus::missed);
        exportCounter(registry, "eh.kafka.export.replayed", "Events replayed from the history after the export's"
                + " queue overflowed", ExportStatus::replays);
        exportCounter(registry, "eh.kafka.export.resends", "Publishers' resends of events Kafka already held under"
                + " their first numbers, not exported again", ExportStatus::resends);
        Gauge.builder("eh.kafka.export.lag", this, b -> b.exportSum(s -> Math.max(0, s.lag())))
                .description("Events accepted and not yet acknowledged by Kafka, over the exported topics")
                .register(registry);
        if (parts.copies() != null) {
            Gauge.builder("eh.kafka.export.backup.withheld", parts.copies(), ExportedCopies::withheld)
                    .description("Copies the backup keeps until Kafka holds their events (their discard waits)")
                    .register(registry);
            FunctionCounter.builder("eh.kafka.export.backup.dropped", parts.copies(), ExportedCopies::dropped)
                    .description("Discard requests dropped because too many waited; the backup keeps those copies"
                            + " until its buffer pushes them out").register(registry);
        }
        Gauge.builder("eh.kafka.export.paused", this, b -> b.status().exportPaused() ? 1 : 0)
                .description("1 while this instance does not serve and so does not export").register(registry);
        importCounter(registry, "eh.kafka.import.accepted", "Records published and accepted", ImportStatus::accepted);
        importCounter(registry, "eh.kafka.import.refused", "Records refused for good and skipped",
                ImportStatus::refused);
        importCounter(registry, "eh.kafka.import.retried", "Publishes answered not now, read again",
                ImportStatus::retried);
        Gauge.builder("eh.kafka.import.lag", this, b -> b.imports == null ? 0 : Math.max(0, b.imports.status().lag()))
                .description("Records of the consumed partitions not read yet").register(registry);
    }

    private void exportCounter(final MeterRegistry registry, final String name, final String description,
                               final ToDoubleFunction<ExportStatus> value) {
        FunctionCounter.builder(name, this, b -> b.exportSum(value)).description(description).register(registry);
    }

    private void importCounter(final MeterRegistry registry, final String name, final String description,
                               final ToDoubleFunction<ImportStatus> value) {
        FunctionCounter.builder(name, this, b -> b.imports == null ? 0 : value.applyAsDouble(b.imports.status()))
                .description(description).register(registry);
    }

    private double exportSum(final ToDoubleFunction<ExportStatus> value) {
        return export == null ? 0 : export.status().stream().mapToDouble(value).sum();
    }

    @Override
    public void close() {
        if (importLoop != null) {
            importLoop.stop(Duration.ofSeconds(2));
        }
        if (exportLoop != null) {
            exportLoop.stop(Duration.ofSeconds(2));
        }
    }
}
