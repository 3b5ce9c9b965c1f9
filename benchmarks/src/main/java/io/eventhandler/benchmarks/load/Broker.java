package io.eventhandler.benchmarks.load;

import java.util.Locale;

/**
 * Which server the generator loads. The same publishers, subscribers, payloads and accounting meet either, so that
 * their figures compare: only the publish request and the subscription request differ.
 */
public enum Broker {
    /** This project's Event Handler: Arrowhead publish requests, its own SSE stream or webhooks. */
    EVENTHANDLER,

    /**
     * Centrifugo 6 as a peer: {@code POST /api/publish} with an API key, the unidirectional SSE transport
     * ({@code uni_sse}) with the channel named in the connect request; SSE only, plain HTTP, lean client.
     */
    CENTRIFUGO;

    /**
     * The broker named {@code text}, in any case.
     *
     * @param text {@code eventhandler} or {@code centrifugo}
     * @return the broker
     * @throws UsageException when the name is unknown
     */
    public static Broker parse(final String text) {
        for (final Broker broker : values()) {
            if (broker.name().equalsIgnoreCase(text.trim())) {
                return broker;
            }
        }
        throw new UsageException("--broker must be eventhandler or centrifugo, not '" + text + "'");
    }

    /** The option value, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
