package io.eventhandler.server.history;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.event.StoredEvent;
import io.eventhandler.core.topic.HistoryBounds;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.runtime.Runner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The durable history at start and while running: reads the store file back into the broker (each topic's events
 * within the bounds, numbering continuing after the last number stored), then journals every accepted event through
 * the {@link HistoryWriter}.
 *
 * <p>A store file that cannot be read is moved aside as {@code history.mv.corrupt-<time>} (kept for analysis) and the
 * history starts empty, with one error naming both files: the Event Handler is a delivery service, and refusing to
 * start over lost history would stop the delivery of every new event too. A store that cannot be opened at all
 * (directory not writable) leaves the history in memory only, with the writer reporting the failure and retrying.
 */
public final class DurableHistory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DurableHistory.class);
    private static final DateTimeFormatter ASIDE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private final Path file;
    private final HistoryWriter writer;
    private final int reloadedTopics;
    private final long reloadedEvents;
    private final Path movedAside;

    private DurableHistory(final Path file, final HistoryWriter writer, final int reloadedTopics,
                           final long reloadedEvents, final Path movedAside) {
        this.file = file;
        this.writer = writer;
        this.reloadedTopics = reloadedTopics;
        this.reloadedEvents = reloadedEvents;
        this.movedAside = movedAside;
    }

    /** Open the store, reload it into the broker (before anything is published) and start journaling. */
    public static DurableHistory start(final HistoryConfiguration configuration, final HistoryBounds bounds,
                                       final Broker broker, final Runner runner) {
        final Path file = configuration.file().toAbsolutePath();
        HistoryStore store = null;
        String openFailure = null;
        Path movedAside = null;
        Map<String, Reloaded> reloaded = Map.of();
        try {
            Files.createDirectories(file.getParent());
            try {
                store = HistoryStore.open(file);
                reloaded = read(store, bounds);
            } catch (final RuntimeException e) {
                if (store != null) {
                    store.abandon();
                    store = null;
                }
                if (!Files.exists(file)) {
                    throw e;
                }
                movedAside = moveAside(file);
                LOG.error("Durable history: {} is unreadable ({}); moved aside to {}. The history starts empty: topics "
                        + "number from 1 again and resuming subscribers are told of a reset.", file,
                        HistoryWriter.describe(e), movedAside);
                store = HistoryStore.open(file);
            }
        } catch (final IOException | RuntimeException e) {
            openFailure = "opening " + file + " failed: " + HistoryWriter.describe(e);
            LOG.error("Durable history: {}. The history is kept in memory only until the store can be opened "
                    + "(retried every second); publishes awaiting durability are answered 503.", openFailure);
        }
        long events = 0;
        for (final Map.Entry<String, Reloaded> topic : reloaded.entrySet()) {
            broker.reload(topic.getKey(), topic.getValue().events(), topic.getValue().lastSequence());
            events += topic.getValue().events().size();
        }
        if (store != null) {
            // numbers up to each topic's stored last are the same events in the previous run's numbering
            broker.numbering().carriedFrom(store.numbering());
            store.numbering(broker.numbering().token());
            LOG.info("Durable history: {} reloaded, {} events of {} topics", file, events, reloaded.size());
        }
        final HistoryWriter writer = new HistoryWriter(store, openFailure, file, bounds, configuration.fsync(),
                configuration.queueCapacity(), configuration.batchMax(), configuration.commitIntervalMillis(),
                () -> HistoryStore.open(file), runner);
        broker.journal(writer);
        return new DurableHistory(file, writer, reloaded.size(), events, movedAside);
    }

    private record Reloaded(List<StoredEvent> events, long lastSequence) {
    }

    /** Every topic decoded before any reaches the broker: a file that fails halfway reloads nothing. */
    private static Map<String, Reloaded> read(final HistoryStore store, final HistoryBounds bounds) {
        final long now = System.currentTimeMillis();
        final Map<String, Reloaded> topics = new LinkedHashMap<>();
        for (final String topic : store.topics()) {
            topics.put(topic, new Reloaded(store.load(topic, bounds, now), store.lastSequence(topic)));
        }
        return topics;
    }

    private static Path moveAside(final Path file) throws IOException {
        final Path aside = file.resolveSibling(file.getFileName() + ".corrupt-"
                + ASIDE.format(ZonedDateTime.now(ZoneOffset.UTC)));
        return Files.move(file, aside);
    }

    /** Whether an acknowledgement as durable can be given now. */
    public boolean writing() {
        return writer.healthy();
    }

    public DurableHistoryStatus status() {
        return new DurableHistoryStatus(file.toString(), reloadedTopics, reloadedEvents,
                movedAside == null ? null : movedAside.toString(), writer.status());
    }

    /** Write what is queued, commit and close the file. */
    @Override
    public void close() {
        writer.close();
    }
}
