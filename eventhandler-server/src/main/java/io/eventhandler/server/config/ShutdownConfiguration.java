package io.eventhandler.server.config;

import java.time.Duration;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * The orderly stop (SIGTERM): how long the accepted events may take to reach their subscribers.
 *
 * @param graceMs {@link #GRACE_MS} — time to deliver what was accepted after publishing stops (10000)
 */
public record ShutdownConfiguration(int graceMs) {

    private static final Settings<ShutdownConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Integer> GRACE_MS = SETTINGS.add(
            Setting.integer("eh.shutdown.grace.ms", 10_000, atLeast(0)), ShutdownConfiguration::graceMs);

    static ShutdownConfiguration read(final ConfigSource source) {
        return new ShutdownConfiguration(source.get(GRACE_MS));
    }

    /** The grace period. */
    public Duration grace() {
        return Duration.ofMillis(graceMs);
    }

    /** What a refused client is told to wait ({@code Retry-After}, whole seconds): the grace, at least 1 s. */
    public long retryAfterSeconds() {
        return Math.max(1, (graceMs + 999) / 1000);
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
