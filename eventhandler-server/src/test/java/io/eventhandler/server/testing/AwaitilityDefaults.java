package io.eventhandler.server.testing;

import org.awaitility.Awaitility;
import org.awaitility.pollinterval.IterativePollInterval;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;

/**
 * Awaitility's defaults for every test class (registered through {@code META-INF/services}, with JUnit's extension
 * auto-detection on in the build): the first check at once, then checks 5, 10, 20, 40 and 80 ms apart and from
 * then on every 100 ms. Awaitility's own defaults wait 100 ms before the first check and between checks, so every
 * {@code await()} took at least 100 ms, even for a condition that already held. A wait still ends only when its
 * condition holds or its {@code atMost} ran out; a test's own poll settings still win.
 */
public final class AwaitilityDefaults implements BeforeAllCallback {

    private static final Duration FIRST_INTERVAL = Duration.ofMillis(5);
    /** Awaitility's default interval: a long wait polls no more often than before. */
    private static final Duration LONGEST_INTERVAL = Duration.ofMillis(100);

    @Override
    public void beforeAll(final ExtensionContext context) {
        Awaitility.setDefaultPollDelay(Duration.ZERO);
        Awaitility.setDefaultPollInterval(new IterativePollInterval(
                previous -> min(previous.multipliedBy(2), LONGEST_INTERVAL), FIRST_INTERVAL));
    }

    private static Duration min(final Duration a, final Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
