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
 * <p>In secure mode ({@link Builder#tls}) the client presents the system's certificate, checks the Event Handler's
 * against the cloud's truststore and, unless disabled, its host name against the certificate's SubjectAlternativeName.
 */
public final class EventHandlerClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerClient.class);
    private static final int MAX_ERROR_BODY = 64 * 1024;

    private final EventHandlerEndpoints endpoints;
    private final ClientTls tls;
    private final CloseableHttpClient http;
    private final PoolingHttpClientConnectionManager connectionManager;

    private final HttpClientResponseHandler<Void> publishHandler = new EmptyBodyHandler("POST " + path(EventHandlerApi.PUBLISH));
    private final HttpClientResponseHandler<Void> subscribeHandler = new EmptyBodyHandler("POST " + path(EventHandlerApi.SUBSCRIBE));
    private final HttpClientResponseHandler<Void> unsubscribeHandler = new EmptyBodyHandler("DELETE " + path(EventHandlerApi.UNSUBSCRIBE));

    private EventHandlerClient(final Builder builder) {
        this.endpoints = builder.endpoints;
        this.tls = builder.tls;
        final PoolingHttpClientConnectionManagerBuilder manager = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(builder.maxConnectionsPerRoute)
                .setMaxConnTotal(builder.maxConnectionsPerRoute)
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
        return new Builder(EventHandlerEndpoints.of(Objects.requireNonNull(baseUri, "baseUri")));
    }

    /** A builder for a client of the Event Handler services at {@code endpoints} (e.g. as discovered). */
    public static Builder builder(final EventHandlerEndpoints endpoints) {
        return new Builder(Objects.requireNonNull(endpoints, "endpoints"));
    }

    /** The base URI this client talks to. */
    public URI baseUri() {
        return endpoints.baseUri();
    }

    /** The URI of each service this client calls. */
    public EventHandlerEndpoints endpoints() {
        return endpoints;
    }

    /** Secure mode, if the client was built with it. */
    public Optional<ClientTls> tls() {
        return Optional.ofNullable(tls);
    }

    /** {@code GET /eventhandler/echo}: succeeds when the Event Handler answers {@code Got it!}. */
    public void echo() {
        final String operation = "GET " + path(EventHandlerApi.ECHO);
        final String body = execute(new HttpGet(endpoints.echo()), response -> {
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
        final HttpPost post = new HttpPost(endpoints.publish());
        post.setEntity(new ByteArrayEntity(toJson(WireJson.PUBLISH_WRITER, request), ContentType.APPLICATION_JSON));
        execute(post, publishHandler);
    }

    /**
     * {@code POST /eventhandler/subscribe}: creates or replaces the subscription of the subscriber system. In
     * secure mode a subscriber system without {@code authenticationInfo} gets the client certificate's public key,
     * as Arrowhead subscribers send it: the Event Handler delivers over HTTPS only to subscribers that have one.
     */
    public void subscribe(final SubscriptionRequestDTO request) {
        Objects.requireNonNull(request, "request");
        final SubscriptionRequestDTO sent = tls == null ? request : withAuthenticationInfo(request, tls);
        final HttpPost post = new HttpPost(endpoints.subscribe());
        post.setEntity(new ByteArrayEntity(toJson(WireJson.SUBSCRIBE_WRITER, sent), ContentType.APPLICATION_JSON));
        execute(post, subscribeHandler);
    }

    /** {@code DELETE /eventhandler/unsubscribe}: removes the subscription of that system to {@code eventType}. */
    public void unsubscribe(final String eventType, final String systemName, final String address, final int port) {
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
        execute(new HttpDelete(uri), unsubscribeHandler);
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

    /** Options of an {@link EventHandlerClient}. */
    public static final class Builder {
        private final EventHandlerEndpoints endpoints;
        private ClientTls tls;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration responseTimeout = Duration.ofSeconds(30);
        private Duration connectionRequestTimeout = Duration.ofSeconds(30);
        private int maxConnectionsPerRoute = 1;

        private Builder(final EventHandlerEndpoints endpoints) {
            this.endpoints = endpoints;
        }

        /** Secure mode: HTTPS with this client certificate and truststore (the URIs should be {@code https}). */
        public Builder tls(final ClientTls tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
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
