package io.eventhandler.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hc.client5.http.classic.methods.HttpDelete;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.HttpClientResponseHandler;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.net.URIBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Blocking client of the Event Handler's REST API: echo, publish, subscribe, unsubscribe.
 *
 * <p>Built on Apache HttpClient 5 (classic) with a pooled, persistent keep-alive connection. By default the pool
 * holds <em>one connection per route</em>, as the improved 2019 Arrowhead Event Handler client did, so that
 * requests reach the server in the order they are made. The client is thread-safe; with one connection, concurrent
 * callers take turns. A request whose pooled connection turns out to have been closed by the server (for example
 * after a restart) is sent once more on a new connection; nothing else is retried. Every method throws
 * {@link EventHandlerException} when the Event Handler answers non-2xx and {@link UncheckedIOException} when no
 * answer could be had.
 *
 * <p><b>Failover.</b> Built for several instances ({@link #builder(EventHandlerInstances)}: a primary and its
 * standby backup), the client sends to the current one and, when it answers 503 ({@code UNAVAILABLE}: it is not the
 * serving primary) or cannot be reached, moves to the next and tries again, round robin with a short back-off, for
 * up to the {@link FailoverPolicy#budget() failover budget}; then the call throws
 * {@link EventHandlerUnavailableException}. Publish, subscribe and unsubscribe fail over; echo asks the current
 * instance only. With one instance nothing changes: failures go to the caller at once.
 *
 * <p>In secure mode ({@link Builder#tls}) the client presents the system's certificate, checks the Event Handler's
 * against the cloud's truststore and, unless disabled, its host name against the certificate's SubjectAlternativeName.
 */
public final class EventHandlerClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerClient.class);
    private static final int MAX_ERROR_BODY = 64 * 1024;
    private static final String PUBLISH_OPERATION = "POST " + path(EventHandlerApi.PUBLISH);
    /** What {@link #publishTo} returns when the Event Handler named no retention. */
    static final int NO_RETENTION = -1;

    private final Failover failover;
    private final ClientTls tls;
    private final CallerIdentity identity;
    private final CloseableHttpClient http;
    private final PoolingHttpClientConnectionManager connectionManager;

    private final HttpClientResponseHandler<Integer> publishHandler = new PublishAnswerHandler("POST " + path(EventHandlerApi.PUBLISH));
    private final HttpClientResponseHandler<Void> subscribeHandler = new EmptyBodyHandler("POST " + path(EventHandlerApi.SUBSCRIBE));
    private final HttpClientResponseHandler<Void> unsubscribeHandler = new EmptyBodyHandler("DELETE " + path(EventHandlerApi.UNSUBSCRIBE));

    private EventHandlerClient(final Builder builder) {
        this.failover = new Failover(builder.instances, builder.failoverPolicy);
        this.tls = builder.tls;
        this.identity = builder.identity;
        final PoolingHttpClientConnectionManagerBuilder manager = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(builder.maxConnectionsPerRoute)
                .setMaxConnTotal(builder.maxConnectionsPerRoute * builder.instances.size())
                .setDefaultConnectionConfig(HttpClientFactory.connectionConfig(builder.connectTimeout, builder.responseTimeout));
        if (tls != null) {
            manager.setTlsSocketStrategy(tls.socketStrategy());
        }
        this.connectionManager = manager.build();
        this.http = HttpClientFactory.build(connectionManager,
                HttpClientFactory.requestConfig(builder.responseTimeout)
                        .setConnectionRequestTimeout(HttpClientFactory.timeout(builder.connectionRequestTimeout))
                        .build(), true);
    }

    /** A client with default timeouts and one connection, for the Event Handler at {@code baseUri}. */
    public static EventHandlerClient create(final URI baseUri) {
        return builder(baseUri).build();
    }

    /** A client with the given connect and response timeouts ({@link Duration#ZERO} = no limit). */
    public static EventHandlerClient create(final URI baseUri, final Duration connectTimeout,
                                            final Duration responseTimeout) {
        return builder(baseUri).connectTimeout(connectTimeout).responseTimeout(responseTimeout).build();
    }

    /** A builder for a client of the Event Handler at {@code baseUri}, e.g. {@code http://127.0.0.1:8455}. */
    public static Builder builder(final URI baseUri) {
        return builder(EventHandlerEndpoints.of(Objects.requireNonNull(baseUri, "baseUri")));
    }

    /** A builder for a client of the Event Handler services at {@code endpoints} (e.g. as discovered). */
    public static Builder builder(final EventHandlerEndpoints endpoints) {
        return new Builder(new EventHandlerInstances(List.of(Objects.requireNonNull(endpoints, "endpoints"))));
    }

    /** A builder for a client of several Event Handler instances, primary first, that fails over between them. */
    public static Builder builder(final EventHandlerInstances instances) {
        return new Builder(Objects.requireNonNull(instances, "instances"));
    }

    /** The base URI of the instance this client talks to now. */
    public URI baseUri() {
        return endpoints().baseUri();
    }

    /** The URI of each service of the instance this client talks to now. */
    public EventHandlerEndpoints endpoints() {
        return failover.current().endpoints();
    }

    /** Every instance this client may talk to, primary first. */
    public EventHandlerInstances instances() {
        return failover.instances();
    }

    /** Secure mode, if the client was built with it. */
    public Optional<ClientTls> tls() {
        return Optional.ofNullable(tls);
    }

    /** {@code GET /eventhandler/echo}: succeeds when the current instance answers {@code Got it!}. */
    public void echo() {
        final String operation = "GET " + path(EventHandlerApi.ECHO);
        final String body = execute(new HttpGet(endpoints().echo()), response -> {
            final byte[] bytes = readBody(response.getEntity());
            if (response.getCode() / 100 != 2) {
                throw EventHandlerException.fromResponse(operation, response.getCode(), bytes);
            }
            return new String(bytes, StandardCharsets.UTF_8);
        });
        if (!body.contains(EventHandlerApi.ECHO_RESPONSE)) {
            throw new EventHandlerException(operation, 200, null, "unexpected echo answer: " + body);
        }
    }

    /** {@code POST /eventhandler/publish}: returns once the Event Handler accepted the event. */
    public void publish(final EventPublishRequestDTO request) {
        final byte[] json = toJson(WireJson.PUBLISH_WRITER, request);
        failover.call(PUBLISH_OPERATION, endpoints -> publishTo(endpoints, json));
    }

    /**
     * One {@code POST /eventhandler/publish} to {@code endpoints}, no failover.
     *
     * @return the topic's publisher retention N the Event Handler answered ({@code Eh-Retention}), -1 without one
     */
    int publishTo(final EventHandlerEndpoints endpoints, final EventPublishRequestDTO request) {
        return publishTo(endpoints, toJson(WireJson.PUBLISH_WRITER, request));
    }

    private int publishTo(final EventHandlerEndpoints endpoints, final byte[] json) {
        final HttpPost post = new HttpPost(endpoints.publish());
        post.setEntity(new ByteArrayEntity(json, ContentType.APPLICATION_JSON));
        return execute(post, publishHandler);
    }

    /**
     * {@code POST /eventhandler/publish/batch}: the events in one request, accepted all or none, with failover (an
     * extension of this Event Handler for proxies that publish many topics per period; not in Arrowhead 4.6).
     *
     * @throws IllegalArgumentException with no event
     */
    public void publishBatch(final List<EventPublishRequestDTO> requests) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one event");
        }
        final byte[] json = toJson(WireJson.PUBLISH_BATCH_WRITER, requests);
        failover.call("POST " + path(EventHandlerApi.PUBLISH_BATCH), endpoints -> {
            final HttpPost post = new HttpPost(endpoints.publishBatch());
            post.setEntity(new ByteArrayEntity(json, ContentType.APPLICATION_JSON));
            return execute(post, publishHandler);
        });
    }

    /** Which instance is current, and the move to the next (shared with publishers that resend on a switch). */
    Failover failover() {
        return failover;
    }

    /**
     * {@code POST /eventhandler/subscribe}: creates or replaces the subscription of the subscriber system. In
     * secure mode a subscriber system without {@code authenticationInfo} gets the client certificate's public key,
     * as Arrowhead subscribers send it: the Event Handler delivers over HTTPS only to subscribers that have one.
     */
    public void subscribe(final SubscriptionRequestDTO request) {
        Objects.requireNonNull(request, "request");
        final SubscriptionRequestDTO sent = tls == null ? request : withAuthenticationInfo(request, tls);
        final byte[] json = toJson(WireJson.SUBSCRIBE_WRITER, sent);
        failover.call("POST " + path(EventHandlerApi.SUBSCRIBE), endpoints -> {
            final HttpPost post = new HttpPost(endpoints.subscribe());
            post.setEntity(new ByteArrayEntity(json, ContentType.APPLICATION_JSON));
            return execute(post, subscribeHandler);
        });
    }

    /** {@code DELETE /eventhandler/unsubscribe}: removes the subscription of that system to {@code eventType}. */
    public void unsubscribe(final String eventType, final String systemName, final String address, final int port) {
        failover.call("DELETE " + path(EventHandlerApi.UNSUBSCRIBE), endpoints -> {
            final URI uri;
            try {
                uri = new URIBuilder(endpoints.unsubscribe())
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE, eventType)
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME, systemName)
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_ADDRESS, address)
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_PORT, Integer.toString(port))
                        .build();
            } catch (final URISyntaxException e) {
                throw new IllegalArgumentException("cannot build unsubscribe URI", e);
            }
            return execute(new HttpDelete(uri), unsubscribeHandler);
        });
    }

    /** Closes the connection pool; calls after this fail. */
    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
        connectionManager.close(CloseMode.GRACEFUL);
    }

    private static SubscriptionRequestDTO withAuthenticationInfo(final SubscriptionRequestDTO request,
                                                                 final ClientTls tls) {
        final SystemRequestDTO subscriber = tls.withAuthenticationInfo(request.subscriberSystem());
        if (subscriber == request.subscriberSystem()) {
            return request;
        }
        return new SubscriptionRequestDTO(request.eventType(), subscriber, request.filterMetaData(),
                request.notifyUri(), request.matchMetaData(), request.startDate(), request.endDate(), request.sources());
    }

    private <T> T execute(final ClassicHttpRequest request, final HttpClientResponseHandler<T> handler) {
        identity.applyTo(request);
        try {
            return http.execute(request, handler);
        } catch (final IOException e) {
            LOG.debug("{} {} failed", request.getMethod(), request.getPath(), e);
            throw new UncheckedIOException(request.getMethod() + " " + request.getPath() + " failed: " + e, e);
        }
    }

    private static byte[] toJson(final ObjectWriter writer, final Object request) {
        Objects.requireNonNull(request, "request");
        try {
            return writer.writeValueAsBytes(request);
        } catch (final JsonProcessingException e) {
            throw new IllegalArgumentException("cannot serialize " + request.getClass().getSimpleName(), e);
        }
    }

    private static byte[] readBody(final HttpEntity entity) throws IOException {
        return entity == null ? new byte[0] : EntityUtils.toByteArray(entity, MAX_ERROR_BODY);
    }

    private static String path(final String endpoint) {
        return EventHandlerApi.BASE_PATH + endpoint;
    }

    /**
     * Accepts any 2xx, draining the body so that the connection goes back to the pool; anything else becomes an
     * {@link EventHandlerException} (after the body was read, so the connection is still reusable).
     */
    private static final class EmptyBodyHandler implements HttpClientResponseHandler<Void> {
        private final String operation;

        EmptyBodyHandler(final String operation) {
            this.operation = operation;
        }

        @Override
        public Void handleResponse(final ClassicHttpResponse response) throws IOException {
            final int code = response.getCode();
            if (code >= 200 && code < 300) {
                EntityUtils.consume(response.getEntity());
                return null;
            }
            throw EventHandlerException.fromResponse(operation, code, readBody(response.getEntity()));
        }
    }

    /** As {@link EmptyBodyHandler}, and reads the topic's publisher retention N from {@code Eh-Retention}. */
    private static final class PublishAnswerHandler implements HttpClientResponseHandler<Integer> {
        private final EmptyBodyHandler status;

        PublishAnswerHandler(final String operation) {
            this.status = new EmptyBodyHandler(operation);
        }

        @Override
        public Integer handleResponse(final ClassicHttpResponse response) throws IOException {
            status.handleResponse(response);
            final Header header = response.getFirstHeader(EventHandlerApi.RETENTION_HEADER);
            if (header == null) {
                return NO_RETENTION;
            }
            try {
                return Math.max(NO_RETENTION, Integer.parseInt(header.getValue().trim()));
            } catch (final NumberFormatException e) {
                LOG.debug("ignored malformed {}: {}", EventHandlerApi.RETENTION_HEADER, header.getValue());
                return NO_RETENTION;
            }
        }
    }

    /** Options of an {@link EventHandlerClient}. */
    public static final class Builder {
        private final EventHandlerInstances instances;
        private FailoverPolicy failoverPolicy = FailoverPolicy.DEFAULT;
        private ClientTls tls;
        private CallerIdentity identity = CallerIdentity.none();
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration responseTimeout = Duration.ofSeconds(30);
        private Duration connectionRequestTimeout = Duration.ofSeconds(30);
        private int maxConnectionsPerRoute = 1;

        private Builder(final EventHandlerInstances instances) {
            this.instances = instances;
        }

        /**
         * How long a call tries the instances in turn while they refuse or are unreachable (default
         * {@link FailoverPolicy#DEFAULT}: 2 ms back-off doubling to 10 ms, 5 s budget). Only used with several
         * instances.
         */
        public Builder failoverPolicy(final FailoverPolicy policy) {
            this.failoverPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** The failover budget of one call (default 5 s); see {@link #failoverPolicy}. */
        public Builder failoverBudget(final Duration budget) {
            this.failoverPolicy = failoverPolicy.withBudget(budget);
            return this;
        }

        /** The back-off between attempts once every instance refused (default 2 ms doubling to 10 ms). */
        public Builder failoverBackoff(final Duration initial, final Duration max) {
            this.failoverPolicy = failoverPolicy.withBackoff(initial, max);
            return this;
        }

        /** Secure mode: HTTPS with this client certificate and truststore (the URIs should be {@code https}). */
        public Builder tls(final ClientTls tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /**
         * How each request names the calling system (default {@link CallerIdentity#none()}: by the client
         * certificate, if any); in an Arrowhead 5 {@code declared} or {@code outsourced} cloud, its header.
         */
        public Builder identity(final CallerIdentity identity) {
            this.identity = Objects.requireNonNull(identity, "identity");
            return this;
        }

        /** Time to establish the TCP connection (default 5 s; zero = no limit). */
        public Builder connectTimeout(final Duration timeout) {
            this.connectTimeout = HttpClientFactory.requireNonNegative(timeout, "connectTimeout");
            return this;
        }

        /** Time to wait for data of an answer (default 30 s; zero = no limit). */
        public Builder responseTimeout(final Duration timeout) {
            this.responseTimeout = HttpClientFactory.requireNonNegative(timeout, "responseTimeout");
            return this;
        }

        /** Time a caller waits for the pooled connection while other threads use it (default 30 s; zero = no limit). */
        public Builder connectionRequestTimeout(final Duration timeout) {
            this.connectionRequestTimeout = HttpClientFactory.requireNonNegative(timeout, "connectionRequestTimeout");
            return this;
        }

        /**
         * Persistent connections to the Event Handler (default 1). More than one lets concurrent callers publish
         * in parallel, but then events of different threads may reach the server in any order.
         */
        public Builder maxConnectionsPerRoute(final int max) {
            if (max < 1) {
                throw new IllegalArgumentException("maxConnectionsPerRoute must be at least 1: " + max);
            }
            this.maxConnectionsPerRoute = max;
            return this;
        }

        /** The client. */
        public EventHandlerClient build() {
            return new EventHandlerClient(this);
        }
    }
}
