package io.eventhandler.server.config;

import java.nio.file.Path;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.between;

/**
 * Each topic's history: off, in memory or durable, and its bounds. Durable history is written by a writer thread in
 * batches; the publishing thread only queues the event.
 *
 * @param mode          {@link #MODE} — OFF, MEMORY or DURABLE (MEMORY)
 * @param size          {@link #SIZE} — events kept per topic for Last-Event-ID replay (1024; 0 = none)
 * @param dir           {@link #DIR} — directory of the durable store file {@code history.mv}
 *                      (./data/history)
 * @param maxAgeSeconds {@link #MAX_AGE_S} — events accepted longer ago are dropped (0 = no age bound)
 * @param maxBytes      {@link #MAX_BYTES} — encoded bytes kept per topic, oldest dropped first (0 = no byte
 *                      bound)
 * @param sync          {@link #SYNC} — every publish waits for the batch commit that makes its event
 *                      durable, and is answered 503 if it cannot be (false: only publishes with
 *                      {@code Eh-Durable: true} wait)
 * @param fsync         {@link #FSYNC} — each commit is also forced to the disk, so that acknowledged events
 *                      survive a power loss, not only a crash of the process (false)
 * @param queueCapacity {@link #QUEUE_CAPACITY} — events waiting for the writer; an event that finds it full
 *                      is not made durable (counted) but still delivered (65536)
 * @param batchMax      {@link #BATCH_MAX} — events written in one commit at most (1024)
 * @param commitIntervalMillis {@link #COMMIT_INTERVAL_MS} — after a commit no publisher waited for, how long the
 *                      writer gathers before the next; a publish awaiting durability, a full batch or a stop ends
 *                      the wait at once (1). Longer: fewer commits and fewer bytes written (an SD card's wear),
 *                      and a crash of the process loses up to that long's events not awaited
 * @param memoryMaxBytes {@link #MEMORY_MAX_BYTES} — heap all topics' in-memory histories may hold together; the
 *                      oldest events of the topics above their share go first (0, the default: from the heap, see
 *                      {@link #effectiveMemoryMaxBytes})
 */
public record HistoryConfiguration(HistoryMode mode, int size, Path dir, int maxAgeSeconds, int maxBytes, boolean sync,
                                   boolean fsync, int queueCapacity, int batchMax, int commitIntervalMillis,
                                   int memoryMaxBytes) {

    /** The store file in {@link #dir}. */
    public static final String FILE_NAME = "history.mv";

    private static final Settings<HistoryConfiguration> SETTINGS = new Settings<>();

    public static final Setting<HistoryMode> MODE = SETTINGS.add(
            Setting.choice("eh.history.mode", HistoryMode.MEMORY, HistoryMode.class), HistoryConfiguration::mode);
    public static final Setting<Integer> SIZE = SETTINGS.add(Setting.integer("eh.history.size", 1024, atLeast(0)),
            HistoryConfiguration::size);
    public static final Setting<String> DIR = SETTINGS.add(Setting.string("eh.history.dir", "./data/history"),
            HistoryConfiguration::dir);
    public static final Setting<Integer> MAX_AGE_S = SETTINGS.add(Setting.integer("eh.history.max.age.s", 0,
            atLeast(0)), HistoryConfiguration::maxAgeSeconds);
    public static final Setting<Integer> MAX_BYTES = SETTINGS.add(Setting.integer("eh.history.max.bytes", 0,
            atLeast(0)), HistoryConfiguration::maxBytes);
    public static final Setting<Boolean> SYNC = SETTINGS.add(Setting.bool("eh.history.sync", false),
            HistoryConfiguration::sync);
    public static final Setting<Boolean> FSYNC = SETTINGS.add(Setting.bool("eh.history.fsync", false),
            HistoryConfiguration::fsync);
    public static final Setting<Integer> QUEUE_CAPACITY = SETTINGS.add(
            Setting.integer("eh.history.queue.capacity", 65_536, atLeast(16)), HistoryConfiguration::queueCapacity);
    public static final Setting<Integer> BATCH_MAX = SETTINGS.add(Setting.integer("eh.history.batch.max", 1024,
            atLeast(1)), HistoryConfiguration::batchMax);
    public static final Setting<Integer> COMMIT_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.history.commit.interval.ms", 1, between(0, 60_000)),
            HistoryConfiguration::commitIntervalMillis);

    public static final Setting<Integer> MEMORY_MAX_BYTES = SETTINGS.add(
            Setting.integer("eh.history.memory.max.bytes", 0, atLeast(0)), HistoryConfiguration::memoryMaxBytes);

    /**
     * Part of the heap the histories get when {@link #MEMORY_MAX_BYTES} is 0: an eighth. With the SSE streams'
     * three quarters at their worst and the topics' eighth (both from the heap, see
     * {@link LimitsConfiguration#effectiveMaxSseStreams} and {@link LimitsConfiguration#effectiveMaxTopics}) the
     * derived bounds add up to the heap; the streams' per-stream figure carries a margin of about a quarter over
     * what was measured, which is what the rest of the server lives in.
     */
    static final int HEAP_FRACTION_DIVISOR = 8;

    /** The configured budget, or with 0 an eighth of {@code maxHeapBytes} (at most {@link Integer#MAX_VALUE}). */
    public long effectiveMemoryMaxBytes(final long maxHeapBytes) {
        return memoryMaxBytes > 0 ? memoryMaxBytes
                : Math.min(Integer.MAX_VALUE, maxHeapBytes / HEAP_FRACTION_DIVISOR);
    }

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
        final HistoryMode mode = source.get(MODE);
        final int size = source.get(SIZE);
        final String dir = source.get(DIR);
        if (dir.isEmpty()) {
            source.problem(DIR + " is blank");
        }
        final HistoryConfiguration configuration = new HistoryConfiguration(mode, size, Path.of(dir),
                source.get(MAX_AGE_S), source.get(MAX_BYTES), source.get(SYNC), source.get(FSYNC),
                source.get(QUEUE_CAPACITY), source.get(BATCH_MAX), source.get(COMMIT_INTERVAL_MS),
                source.get(MEMORY_MAX_BYTES));
        if (configuration.sync() && !configuration.durable()) {
            source.problem(SYNC + "=true needs " + MODE + "=DURABLE (nothing else can acknowledge as durable)");
        }
        return configuration;
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
