package io.eventhandler.server.history;

import io.eventhandler.core.event.StoredEvent;
import io.eventhandler.core.topic.HistoryBounds;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The durable history in one H2 MVStore file: a map {@code events:<topic>} per topic from sequence number to
 * {@link HistoryRecords record}, and the map {@code last} from topic to the highest number it gave (kept even when
 * every event has been dropped by the bounds, so that numbering continues after a restart), and the map {@code meta}
 * holding the token of the numbering those numbers are of. Changes become durable
 * at {@link #commit}; the file is append-only between commits, so a crash leaves the last commit intact. Used by
 * one thread at a time (the start-up, then the writer).
 */
final class HistoryStore implements AutoCloseable {

    private static final String EVENTS = "events:";
    private static final String LAST = "last";
    private static final String META = "meta";
    private static final String NUMBERING = "numbering";

    private final Path file;
    private final MVStore store;
    private final MVMap<String, Long> last;
    private final MVMap<String, String> meta;
    private final Map<String, MVMap<Long, byte[]>> topics = new HashMap<>();
    /** Events and notification bytes held per topic, for the count and byte bounds. */
    private final Map<String, long[]> tallies = new HashMap<>();

    private HistoryStore(final Path file, final MVStore store) {
        this.file = file;
        this.store = store;
        this.last = store.openMap(LAST);
        this.meta = store.openMap(META);
        for (final String topic : last.keySet()) {
            final MVMap<Long, byte[]> events = events(topic);
            final long[] tally = tally(topic);
            final Cursor<Long, byte[]> cursor = events.cursor(null);
            while (cursor.hasNext()) {
                cursor.next();
                tally[0]++;
                tally[1] += HistoryRecords.encodedLength(cursor.getValue());
            }
        }
    }

    /**
     * Open (or create) the store file.
     *
     * @throws RuntimeException if the file cannot be read as a store (corrupt) or not be opened for writing
     */
    static HistoryStore open(final Path file) {
        final MVStore store = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().cacheSize(8)
                .open();
        try {
            return new HistoryStore(file, store);
        } catch (final RuntimeException e) {
            store.closeImmediately();
            throw e;
        }
    }

    Path file() {
        return file;
    }

    /** Every topic that ever kept an event here. */
    Set<String> topics() {
        return Collections.unmodifiableSet(last.keySet());
    }

    /** The highest number the topic gave (0 if none). */
    long lastSequence(final String topic) {
        return last.getOrDefault(topic, 0L);
    }

    /**
     * The topic's newest events within the bounds at {@code nowMillis}, oldest first, decoded (a record that
     * cannot be decoded fails the whole read: the file is not what this version wrote).
     */
    List<StoredEvent> load(final String topic, final HistoryBounds bounds, final long nowMillis) {
        final MVMap<Long, byte[]> events = events(topic);
        final List<StoredEvent> kept = new ArrayList<>();
        long bytes = 0;
        final Cursor<Long, byte[]> newestFirst = events.cursor(null, null, true);
        while (newestFirst.hasNext() && kept.size() < bounds.maxEvents()) {
            final long sequence = newestFirst.next();
            final byte[] record = newestFirst.getValue();
            bytes += HistoryRecords.encodedLength(record);
            if (bounds.exceeded(kept.size() + 1, bytes) || expired(bounds, record, nowMillis)) {
                break;
            }
            kept.add(HistoryRecords.decode(sequence, record));
        }
        Collections.reverse(kept);
        return kept;
    }

    /** The numbering token the stored sequence numbers are of (null: none stored, a file of an older version). */
    String numbering() {
        return meta.get(NUMBERING);
    }

    /** Record the numbering the next sequence numbers are of, and commit it. */
    void numbering(final String token) {
        meta.put(NUMBERING, token);
        store.commit();
    }

    /** Add one event (durable at the next commit). */
    void put(final String topic, final long sequence, final byte[] record) {
        final byte[] replaced = events(topic).put(sequence, record);
        final long[] tally = tally(topic);
        if (replaced == null) {
            tally[0]++;
        } else {
            tally[1] -= HistoryRecords.encodedLength(replaced);
        }
        tally[1] += HistoryRecords.encodedLength(record);
        if (sequence > lastSequence(topic)) {
            last.put(topic, sequence);
        }
    }

    /** Drop the oldest events of the topic while it holds more than the count or byte bound allows. */
    void trim(final String topic, final HistoryBounds bounds) {
        final MVMap<Long, byte[]> events = events(topic);
        final long[] tally = tally(topic);
        while (tally[0] > 0 && bounds.exceeded((int) Math.min(Integer.MAX_VALUE, tally[0]), tally[1])) {
            removeOldest(events, tally);
        }
    }

    /**
     * Drop, in every topic, the events accepted longer ago than the age bound allows at {@code nowMillis}.
     *
     * @return how many were dropped
     */
    int expire(final HistoryBounds bounds, final long nowMillis) {
        int dropped = 0;
        if (bounds.maxAgeNanos() == 0) {
            return dropped;
        }
        for (final String topic : last.keySet()) {
            final MVMap<Long, byte[]> events = events(topic);
            final long[] tally = tally(topic);
            while (tally[0] > 0 && expired(bounds, events.get(events.firstKey()), nowMillis)) {
                removeOldest(events, tally);
                dropped++;
            }
        }
        return dropped;
    }

    private static boolean expired(final HistoryBounds bounds, final byte[] record, final long nowMillis) {
        final long ageNanos = (nowMillis - HistoryRecords.acceptedEpochMillis(record)) * 1_000_000L;
        return bounds.expired(0, ageNanos);
    }

    private static void removeOldest(final MVMap<Long, byte[]> events, final long[] tally) {
        final byte[] removed = events.remove(events.firstKey());
        tally[0]--;
        tally[1] -= HistoryRecords.encodedLength(removed);
    }

    /** Make everything put so far durable: written to the file (and forced to the disk with {@code fsync}). */
    void commit(final boolean fsync) {
        store.commit();
        if (fsync) {
            store.sync();
        }
    }

    /** Events and notification bytes per topic, now. */
    Map<String, long[]> tallies() {
        final Map<String, long[]> copy = new LinkedHashMap<>();
        tallies.forEach((topic, tally) -> copy.put(topic, tally.clone()));
        return copy;
    }

    private MVMap<Long, byte[]> events(final String topic) {
        return topics.computeIfAbsent(topic, t -> store.openMap(EVENTS + t));
    }

    private long[] tally(final String topic) {
        return tallies.computeIfAbsent(topic, t -> new long[2]);
    }

    /** Commit what is left and close the file. */
    @Override
    public void close() {
        store.close();
    }

    /** Close the file without writing anything more (after a failure). */
    void abandon() {
        if (!store.isClosed()) {
            store.closeImmediately();
        }
    }
}
