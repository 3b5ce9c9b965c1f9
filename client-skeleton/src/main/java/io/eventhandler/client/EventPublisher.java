package io.eventhandler.client;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes events as one source system, stamping each with its creation time (ISO-8601, microsecond precision)
 * so that subscribers can measure latency. Thread-safe.
 *
 * <p><b>Failover</b> (FRAME's publisher retention). Every event published by event type and payload also gets two
 * metaData entries, unless the caller set them: {@code eh-origin}, a random id of this publisher, and
 * {@code eh-seq}, its number among this publisher's events of the topic (from 1). Per topic the publisher keeps
 * the last N events the Event Handler accepted, N as the Event Handler names it in each publish answer
 * ({@code Eh-Retention}, the topic's QoS) or else {@link Builder#defaultRetention}. When the client moves to
 * another instance (the primary refused with 503 or is gone; see {@link EventHandlerClient}), the publisher first
 * resends its retained events there, topic by topic and oldest first, with their original stamps, then the event
 * whose publish failed; subscribers drop the copies by (origin, topic, seq). An event that no instance took within
 * the failover budget is not retained: the call throws {@link EventHandlerUnavailableException}.
 * {@link #publish(EventPublishRequestDTO)} sends its request as it is: failed over, but neither stamped nor
 * retained.
 */
public final class EventPublisher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventPublisher.class);
    private static final String OPERATION = "POST " + EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;
    private static final long NONE = -1;

    private final EventHandlerClient client;
    private final SystemRequestDTO source;
    private final boolean ownsClient;
    private final PublisherRetention retention;
    /** Held while the retained events are resent, so that no new event overtakes them. */
    private final Object resendLock = new Object();
    /** The {@link Failover.Target#generation()} the retained events were last sent to. */
    private volatile long syncedGeneration = NONE;

    /**
     * A publisher using {@code client}, which stays open when the publisher is closed.
     *
     * @param client the client to publish with
     * @param source the publishing system, sent as {@code source} of every event; in secure mode one without
     *               {@code authenticationInfo} gets the client certificate's public key, as Arrowhead publishers send
     */
    public EventPublisher(final EventHandlerClient client, final SystemRequestDTO source) {
        this(builder(client, source));
    }

    private EventPublisher(final Builder builder) {
        this.client = builder.client;
        this.source = client.tls().map(tls -> tls.withAuthenticationInfo(builder.source)).orElse(builder.source);
        this.ownsClient = builder.ownsClient;
        this.retention = new PublisherRetention(builder.defaultRetention);
    }

    /** A publisher with its own {@link EventHandlerClient} (default settings), closed with the publisher. */
    public static EventPublisher create(final URI baseUri, final SystemRequestDTO source) {
        return create(EventHandlerInstances.of(baseUri), source);
    }

    /**
     * A publisher with its own {@link EventHandlerClient} of these instances (primary first; default settings),
     * closed with the publisher.
     */
    public static EventPublisher create(final EventHandlerInstances instances, final SystemRequestDTO source) {
        final Builder builder = builder(EventHandlerClient.builder(instances).build(), source);
        builder.ownsClient = true;
        return builder.build();
    }

    /** A builder of a publisher using {@code client}, which stays open when the publisher is closed. */
    public static Builder builder(final EventHandlerClient client, final SystemRequestDTO source) {
        return new Builder(client, source);
    }

    /** The publishing system. */
    public SystemRequestDTO source() {
        return source;
    }

    /** This publisher's {@code eh-origin}: a random id, new for every publisher. */
    public String origin() {
        return retention.origin();
    }

    /** Publishes {@code payload} as {@code eventType}, without metadata, stamped now. */
    public void publish(final String eventType, final String payload) {
        publish(eventType, payload, null);
    }

    /** Publishes {@code payload} as {@code eventType} with {@code metaData} (may be null), stamped now. */
    public void publish(final String eventType, final String payload, final Map<String, String> metaData) {
        final PublisherRetention.Stamped stamped =
                retention.stamp(new EventPublishRequestDTO(eventType, source, metaData, payload, now()));
        send(stamped.request(), stamped);
    }

    /** Publishes {@code request} as it is (its own source and timeStamp; a blank timeStamp is filled by the server). */
    public void publish(final EventPublishRequestDTO request) {
        send(Objects.requireNonNull(request, "request"), null);
    }

    /**
     * Sends to the current instance, first resending the retained events if it is not the one they were last
     * sent to; moves on while instances refuse or are unreachable.
     */
    private void send(final EventPublishRequestDTO request, final PublisherRetention.Stamped stamped) {
        final Failover failover = client.failover();
        final long start = System.nanoTime();
        FailoverAttempts attempts = null;
        while (true) {
            final Failover.Target target = failover.current();
            try {
                if (target.generation() != syncedGeneration) {
                    resendRetained(target);
                }
                final int answered = client.publishTo(target.endpoints(), request);
                if (stamped != null) {
                    retention.accepted(stamped, answered);
                }
                return;
            } catch (final RuntimeException e) {
                if (!failover.canFailOver(e)) {
                    throw e;
                }
                failover.failed(target, e, attempts == null);
                if (attempts == null) {
                    attempts = new FailoverAttempts(OPERATION, failover.instances(), failover.policy(), start);
                }
                attempts.failed(e);
            }
        }
    }

    /**
     * Resends every retained event to {@code target}, oldest first per topic. A resend the instance refuses other
     * than as unavailable (e.g. its time stamp is now too old) is dropped; unavailability ends the resend and goes
     * to the caller, which moves on and resends to the next instance.
     */
    private void resendRetained(final Failover.Target target) {
        synchronized (resendLock) {
            if (target.generation() == syncedGeneration) {
                return;
            }
            final List<PublisherRetention.Stamped> events = retention.retained();
            for (final PublisherRetention.Stamped event : events) {
                try {
                    client.publishTo(target.endpoints(), event.request());
                } catch (final RuntimeException e) {
                    if (Failover.isUnavailable(e)) {
                        throw e;
                    }
                    LOG.warn("{} refused the resend of {} #{}, dropped: {}", target.endpoints().baseUri(),
                            event.topic(), event.counter(), e.getMessage());
                    retention.forget(event);
                }
            }
            if (!events.isEmpty()) {
                LOG.info("resent {} retained events to {}", events.size(), target.endpoints().baseUri());
            }
            syncedGeneration = target.generation();
        }
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

    /** Options of an {@link EventPublisher}. */
    public static final class Builder {
        private final EventHandlerClient client;
        private final SystemRequestDTO source;
        private boolean ownsClient;
        private int defaultRetention;

        private Builder(final EventHandlerClient client, final SystemRequestDTO source) {
            this.client = Objects.requireNonNull(client, "client");
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Events kept per topic for a failover while the Event Handler has not named the topic's retention N in a
         * publish answer ({@code Eh-Retention}); default 0.
         */
        public Builder defaultRetention(final int retention) {
            if (retention < 0) {
                throw new IllegalArgumentException("retention must not be negative: " + retention);
            }
            this.defaultRetention = retention;
            return this;
        }

        /** The publisher. */
        public EventPublisher build() {
            return new EventPublisher(this);
        }
    }
}
