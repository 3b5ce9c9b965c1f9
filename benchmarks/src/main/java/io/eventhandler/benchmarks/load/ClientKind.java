package io.eventhandler.benchmarks.load;

import java.util.Locale;

/**
 * Which HTTP client the generator's publishers and SSE subscribers use. The generator shares the CPUs with the
 * server on a small machine, so the client's own cost shows up in every latency it measures.
 */
public enum ClientKind {
    /**
     * Blocking sockets that write each request in one call and scan each event for the two fields the probe needs,
     * for publishers, SSE streams and webhook receivers: the least client CPU per event, so the measurement shows
     * the server. No reconnect.
     */
    LEAN,

    /**
     * The project's client library ({@code EventHandlerClient}, {@code EventSubscriber}, {@code WebhookReceiver}):
     * Apache HttpClient 5, Jackson, the JDK HTTP server, reconnect with {@code Last-Event-ID}; what an application
     * would see.
     */
    SKELETON;

    /**
     * The kind named {@code text}, in any case.
     *
     * @param text {@code lean} or {@code skeleton}
     * @return the kind
     * @throws UsageException when the name is unknown
     */
    public static ClientKind parse(final String text) {
        for (final ClientKind kind : values()) {
            if (kind.name().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        throw new UsageException("--client must be lean or skeleton, not '" + text + "'");
    }

    /** The option value, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
