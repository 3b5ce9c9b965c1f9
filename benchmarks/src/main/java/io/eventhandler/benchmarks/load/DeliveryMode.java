package io.eventhandler.benchmarks.load;

import java.util.Locale;

/** How the load generator's subscribers receive events. */
public enum DeliveryMode {
    /** Server-Sent Events: one {@code EventSubscriber} stream per subscriber and topic. */
    SSE,

    /** Arrowhead webhooks: one {@code WebhookReceiver} per subscriber, subscribed to every topic. */
    WEBHOOK;

    /**
     * The mode named {@code text}, in any case.
     *
     * @param text {@code sse} or {@code webhook}
     * @return the mode
     * @throws UsageException when the name is unknown
     */
    public static DeliveryMode parse(final String text) {
        for (final DeliveryMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text.trim())) {
                return mode;
            }
        }
        throw new UsageException("--mode must be sse or webhook, not '" + text + "'");
    }

    /** The option value, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
