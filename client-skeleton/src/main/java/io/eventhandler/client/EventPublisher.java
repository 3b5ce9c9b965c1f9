package io.eventhandler.client;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;

/**
 * Publishes events as one source system, stamping each with its creation time (ISO-8601, microsecond precision)
 * so that subscribers can measure latency. Thread-safe.
 */
public final class EventPublisher implements AutoCloseable {

    private final EventHandlerClient client;
    private final SystemRequestDTO source;
    private final boolean ownsClient;

    /**
     * A publisher using {@code client}, which stays open when the publisher is closed.
     *
     * @param client the client to publish with
     * @param source the publishing system, sent as {@code source} of every event; in secure mode one without
     *               {@code authenticationInfo} gets the client certificate's public key, as Arrowhead publishers send
     */
    public EventPublisher(final EventHandlerClient client, final SystemRequestDTO source) {
        this(client, source, false);
    }

    private EventPublisher(final EventHandlerClient client, final SystemRequestDTO source, final boolean ownsClient) {
        this.client = Objects.requireNonNull(client, "client");
        Objects.requireNonNull(source, "source");
        this.source = client.tls().map(tls -> tls.withAuthenticationInfo(source)).orElse(source);
        this.ownsClient = ownsClient;
    }

    /** A publisher with its own {@link EventHandlerClient} (default settings), closed with the publisher. */
    public static EventPublisher create(final URI baseUri, final SystemRequestDTO source) {
        return new EventPublisher(EventHandlerClient.create(baseUri), source, true);
    }

    /** The publishing system. */
    public SystemRequestDTO source() {
        return source;
    }

    /** Publishes {@code payload} as {@code eventType}, without metadata, stamped now. */
    public void publish(final String eventType, final String payload) {
        publish(eventType, payload, null);
    }

    /** Publishes {@code payload} as {@code eventType} with {@code metaData} (may be null), stamped now. */
    public void publish(final String eventType, final String payload, final Map<String, String> metaData) {
        client.publish(new EventPublishRequestDTO(eventType, source, metaData, payload, now()));
    }

    /** Publishes {@code request} as it is (its own source and timeStamp; a blank timeStamp is filled by the server). */
    public void publish(final EventPublishRequestDTO request) {
        client.publish(request);
    }

    /** The current instant at microsecond precision, as ISO-8601 (e.g. {@code 2024-03-19T10:31:17.123456Z}). */
    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS).toString();
    }

    /** Closes the client if this publisher created it. */
    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }
}
