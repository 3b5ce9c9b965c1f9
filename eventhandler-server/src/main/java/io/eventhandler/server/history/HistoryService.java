package io.eventhandler.server.history;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.history.HistoryEventDTO;
import io.eventhandler.api.history.HistoryPageDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.topic.HistoryBounds;
import io.eventhandler.core.topic.HistoryBudget;
import io.eventhandler.core.topic.TopicSnapshot;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Runner;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Each topic's history as configured: its bounds (none when OFF), the durable store when DURABLE, the pages the
 * management API reads (from the in-memory history, which after a restart holds what the store gave back) and
 * whether a publish may be acknowledged as durable.
 */
public final class HistoryService implements Component {

    /**
     * How often the histories are trimmed to their shares of the memory budget when over it: what topics that stopped
     * publishing hold above their share is given back within this (a publishing topic trims itself at once).
     */
    static final long BUDGET_SWEEP_MS = 250;

    private final HistoryConfiguration configuration;
    private final HistoryBounds bounds;
    private final Broker broker;
    private final Runner runner;
    private DurableHistory durable;
    private ScheduledExecutorService budgetSweep;

    /** @param runner makes the durable history's writer loop and acknowledgement thread */
    public HistoryService(final HistoryConfiguration configuration, final Broker broker, final Runner runner) {
        this.configuration = configuration;
        this.bounds = bounds(configuration);
        this.broker = broker;
        this.runner = runner;
    }

    /** What every topic's history may hold: nothing when OFF. */
    public static HistoryBounds bounds(final HistoryConfiguration configuration) {
        return configuration.mode() == HistoryMode.OFF ? HistoryBounds.count(0)
                : new HistoryBounds(configuration.size(), configuration.maxBytes(), configuration.maxAgeNanos());
    }

    /** The broker's settings: this history's bounds, and the delivery's subscriber queues and writes. */
    public static BrokerSettings brokerSettings(final HistoryConfiguration configuration,
                                                final DeliveryConfiguration delivery) {
        final HistoryBounds bounds = bounds(configuration);
        return new BrokerSettings(bounds.maxEvents(), delivery.subscriberQueueCapacity(), delivery.batchMax(),
                bounds.maxBytes(), bounds.maxAgeNanos(),
                configuration.effectiveMemoryMaxBytes(Runtime.getRuntime().maxMemory()));
    }

    /**
     * Reload the durable store into the broker and start journaling (DURABLE only), before the first publish; start
     * the sweep that keeps the histories within their memory budget.
     */
    @Override
    public void start() {
        if (configuration.durable()) {
            durable = DurableHistory.start(configuration, bounds, broker, runner);
        }
        if (broker.historyBudget().maxBytes() > 0 && bounds.maxEvents() > 0) {
            budgetSweep = runner.timer("eh-history-trim", Duration.ofSeconds(5));
            budgetSweep.scheduleWithFixedDelay(broker::trimHistories, BUDGET_SWEEP_MS, BUDGET_SWEEP_MS,
                    TimeUnit.MILLISECONDS);
        }
    }

    public HistoryMode mode() {
        return configuration.mode();
    }

    /** Whether every publish waits for its event to be durable. */
    public boolean syncByDefault() {
        return configuration.sync();
    }

    /** Why a publish cannot be acknowledged as durable now, or empty if it can. */
    public Optional<String> durableAckUnavailable() {
        if (durable == null) {
            return Optional.of("the history is not durable here (" + HistoryConfiguration.MODE.key() + "="
                    + configuration.mode() + ")");
        }
        return durable.writing() ? Optional.empty()
                : Optional.ofNullable(durable.status().writer().failure()).or(() -> Optional.of("not writing"));
    }

    /** A page of the topic's history; empty if the topic does not exist. */
    public Optional<HistoryPageDTO> page(final String eventType, final long after, final int limit) {
        final Optional<TopicSnapshot> topic = broker.topic(eventType, false);
        if (topic.isEmpty()) {
            return Optional.empty();
        }
        // one more than asked, to tell whether another page follows
        final List<Event> events = broker.history(eventType, after, limit + 1).orElse(List.of());
        final boolean more = events.size() > limit;
        final List<HistoryEventDTO> page = events.stream().limit(limit).map(HistoryService::toDto).toList();
        final long nextAfter = page.isEmpty() ? after : page.get(page.size() - 1).sequence();
        return Optional.of(new HistoryPageDTO(TopicName.normalise(eventType), configuration.mode().name(),
                topic.get().lastSequence(), topic.get().oldestInHistory(), after, page, nextAfter, more));
    }

    private static HistoryEventDTO toDto(final Event event) {
        return new HistoryEventDTO(event.sequence(), event.eventType(), SystemRequestDTO.of(event.source().name(),
                event.source().address(), event.source().port()), event.metaData(), event.payload(),
                event.timeStamp());
    }

    public HistoryStatus status() {
        final HistoryBudget budget = broker.historyBudget();
        return new HistoryStatus(configuration.mode().name(), configuration.sync(), configuration.fsync(),
                configuration.commitIntervalMillis(), bounds.maxEvents(), bounds.maxBytes(), configuration.maxAgeSeconds(), budget.maxBytes(),
                budget.heldBytes(), budget.trimmedEvents(), durable == null ? null : durable.status());
    }

    /** Stop the budget sweep; write what is queued, commit and close the store. */
    @Override
    public void close() {
        if (budgetSweep != null) {
            budgetSweep.shutdownNow();
        }
        if (durable != null) {
            durable.close();
        }
    }
}
