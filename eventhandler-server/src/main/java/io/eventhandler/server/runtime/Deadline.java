package io.eventhandler.server.runtime;

import java.time.Duration;

/**
 * An instant on the monotonic clock by which something must be done.
 *
 * @param atNanos the instant, as {@link System#nanoTime()}
 */
public record Deadline(long atNanos) {

    /** {@code duration} from now. */
    public static Deadline in(final Duration duration) {
        return new Deadline(System.nanoTime() + duration.toNanos());
    }

    /** What is left, never negative. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, atNanos - System.nanoTime()));
    }

    public boolean passed() {
        return atNanos - System.nanoTime() <= 0;
    }
}
