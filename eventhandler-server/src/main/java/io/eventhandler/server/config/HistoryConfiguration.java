package io.eventhandler.server.config;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Each topic's history: off, in memory or durable, and its bounds besides the count ({@code eh.history.size}).
 * Durable history is written by a writer thread in batches; the publishing thread only queues the event.
 *
 * @param mode          {@value #MODE} — OFF, MEMORY or DURABLE (MEMORY)
 * @param dir           {@value #DIR} — directory of the durable store file {@code history.mv} (./data/history)
 * @param maxAgeSeconds {@value #MAX_AGE_S} — events accepted longer ago are dropped (0 = no age bound)
 * @param maxBytes      {@value #MAX_BYTES} — encoded bytes kept per topic, oldest dropped first (0 = no byte bound)
 * @param sync          {@value #SYNC} — every publish waits for the batch commit that makes its event durable, and
 *                      is answered 503 if it cannot be (false: only publishes with {@code Eh-Durable: true} wait)
 * @param fsync         {@value #FSYNC} — each commit is also forced to the disk, so that acknowledged events
 *                      survive a power loss, not only a crash of the process (false)
 * @param queueCapacity {@value #QUEUE_CAPACITY} — events waiting for the writer; an event that finds it full is
 *                      not made durable (counted) but still delivered (65536)
 * @param batchMax      {@value #BATCH_MAX} — events written in one commit at most (1024)
 */
public record HistoryConfiguration(HistoryMode mode, Path dir, int maxAgeSeconds, int maxBytes, boolean sync,
                                   boolean fsync, int queueCapacity, int batchMax) {

    public static final String MODE = "eh.history.mode";
    public static final String DIR = "eh.history.dir";
    public static final String MAX_AGE_S = "eh.history.max.age.s";
    public static final String MAX_BYTES = "eh.history.max.bytes";
    public static final String SYNC = "eh.history.sync";
    public static final String FSYNC = "eh.history.fsync";
    public static final String QUEUE_CAPACITY = "eh.history.queue.capacity";
    public static final String BATCH_MAX = "eh.history.batch.max";

    /** The store file in {@link #dir}. */
    public static final String FILE_NAME = "history.mv";

    public boolean durable() {
        return mode == HistoryMode.DURABLE;
    }

    /** The store file. */
    public Path file() {
        return dir.resolve(FILE_NAME);
    }

    /** The age bound in nanoseconds (0 = none). */
    public long maxAgeNanos() {
        return maxAgeSeconds * 1_000_000_000L;
    }

    static HistoryConfiguration read(final ConfigSource source) {
        final String rawMode = source.string(MODE, HistoryMode.MEMORY.name());
        HistoryMode mode = HistoryMode.MEMORY;
        try {
            mode = HistoryMode.valueOf(rawMode.toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            source.problem(MODE + "=" + rawMode + " must be one of " + Arrays.toString(HistoryMode.values()));
        }
        final String dir = source.string(DIR, "./data/history");
        if (dir.isEmpty()) {
            source.problem(DIR + " is blank");
        }
        final HistoryConfiguration configuration = new HistoryConfiguration(mode, Path.of(dir),
                source.integer(MAX_AGE_S, 0, v -> v >= 0, "at least 0"),
                source.integer(MAX_BYTES, 0, v -> v >= 0, "at least 0"),
                source.bool(SYNC, false),
                source.bool(FSYNC, false),
                source.integer(QUEUE_CAPACITY, 65_536, v -> v >= 16, "at least 16"),
                source.integer(BATCH_MAX, 1024, v -> v >= 1, "at least 1"));
        if (configuration.sync() && !configuration.durable()) {
            source.problem(SYNC + "=true needs " + MODE + "=DURABLE (nothing else can acknowledge as durable)");
        }
        return configuration;
    }

    void describe(final Map<String, Object> d) {
        d.put(MODE, mode);
        d.put(DIR, dir);
        d.put(MAX_AGE_S, maxAgeSeconds);
        d.put(MAX_BYTES, maxBytes);
        d.put(SYNC, sync);
        d.put(FSYNC, fsync);
        d.put(QUEUE_CAPACITY, queueCapacity);
        d.put(BATCH_MAX, batchMax);
    }
}
