package io.eventhandler.server.config;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * SSE streams: their heartbeat, the reconnect delay told to clients, and when a subscriber that does not keep up
 * is disconnected. (How many may be open at once is a request limit, {@code eh.sse.max.streams}.)
 *
 * @param heartbeatIntervalMs {@link #HEARTBEAT_INTERVAL_MS} — comment line sent on an idle stream (15000)
 * @param retryMs             {@link #RETRY_MS} — reconnect delay told to SSE clients (2000)
 * @param stallTimeoutMs      {@link #STALL_TIMEOUT_MS} — a subscriber whose write has not completed, or who
 *                            has been losing events, for this long is disconnected (30000; 0 = never)
 * @param stalledMemoryBytes  {@link #STALLED_MEMORY_BYTES} — heap the streams whose clients stopped reading may hold
 *                            together (their last write, what their connections queued, their backlog); past it the
 *                            ones stalled longest are disconnected (0, the default: a quarter of the heap, see
 *                            {@link #effectiveStalledMemoryBytes})
 */
public record StreamConfiguration(int heartbeatIntervalMs, int retryMs, int stallTimeoutMs, int stalledMemoryBytes) {

    private static final Settings<StreamConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Integer> HEARTBEAT_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.sse.heartbeat.interval.ms", 15_000, atLeast(100)),
            StreamConfiguration::heartbeatIntervalMs);
    public static final Setting<Integer> RETRY_MS = SETTINGS.add(Setting.integer("eh.sse.retry.ms", 2_000,
            atLeast(0)), StreamConfiguration::retryMs);
    public static final Setting<Integer> STALL_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.sse.stall.timeout.ms", 30_000, atLeast(0)), StreamConfiguration::stallTimeoutMs);

    public static final Setting<Integer> STALLED_MEMORY_BYTES = SETTINGS.add(
            Setting.integer("eh.sse.stalled.memory.bytes", 0, atLeast(0)), StreamConfiguration::stalledMemoryBytes);

    /** The configured budget, or with 0 a quarter of {@code maxHeapBytes}. */
    public long effectiveStalledMemoryBytes(final long maxHeapBytes) {
        return stalledMemoryBytes > 0 ? stalledMemoryBytes : Math.max(1, maxHeapBytes / 4);
    }

    static StreamConfiguration read(final ConfigSource source) {
        return new StreamConfiguration(source.get(HEARTBEAT_INTERVAL_MS), source.get(RETRY_MS),
                source.get(STALL_TIMEOUT_MS), source.get(STALLED_MEMORY_BYTES));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
