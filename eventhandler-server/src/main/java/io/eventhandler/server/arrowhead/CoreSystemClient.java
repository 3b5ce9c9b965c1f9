package io.eventhandler.server.arrowhead;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.server.runtime.Runner;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLContext;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * The one HTTP client for calls to Arrowhead core systems (Service Registry, Authorization): asynchronous, pooled
 * persistent connections, JSON bodies, and in secure mode the Event Handler's own certificate presented on every
 * connection.
 *
 * <p>Every call returns at once. Results complete on this client's own completion threads ({@code eh-core-client}),
 * never on the I/O reactor and never on the caller's thread, so code chained onto them cannot stall the reactor or a
 * Grizzly worker. A non-2xx answer completes exceptionally with {@link CoreSystemException}; a transport failure
 * with its own exception (e.g. {@link java.net.ConnectException}, {@link javax.net.ssl.SSLException}).
 */
public final class CoreSystemClient implements AutoCloseable {

    /** What Arrowhead's Spring clients accept: JSON, or the plain text of {@code /echo}. */
    public static final String ACCEPT = "application/json, text/plain";

    private static final int MAX_CONNECTIONS = 20;
    private static final int MAX_CONNECTIONS_PER_ROUTE = 5;

    private final boolean secure;
    private final Duration responseTimeout;
    private final ObjectMapper mapper;
    private final CloseableHttpAsyncClient client;
    private final ExecutorService completions;

    /**
     * @param sslContext           TLS as the Event Handler (own key, cloud trust); null for plain HTTP
     * @param hostnameVerification whether the peer certificate's SAN must match the host called (Arrowhead's default;
     *                             off is {@code disable.hostname.verifier=true})
     * @param connectTimeout       TCP and TLS connect timeout
     * @param responseTimeout      longest wait for an answer once a request is sent
     * @param mapper               Jackson for request and response bodies
     * @param runner               makes the I/O thread {@code eh-core-io} and the completions' {@code eh-core-client}
     */
    public CoreSystemClient(final SSLContext sslContext, final boolean hostnameVerification,
                            final Duration connectTimeout, final Duration responseTimeout, final ObjectMapper mapper,
                            final Runner runner) {
        this.secure = sslContext != null;
        this.responseTimeout = responseTimeout;
        this.mapper = mapper;
        final PoolingAsyncClientConnectionManagerBuilder pool = PoolingAsyncClientConnectionManagerBuilder
                .create()
                .setMaxConnTotal(MAX_CONNECTIONS)
                .setMaxConnPerRoute(MAX_CONNECTIONS_PER_ROUTE)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connectTimeout))
                        .setSocketTimeout(Timeout.of(responseTimeout))
                        // a core system that restarted has closed our pooled connections; check before reuse
                        .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                        .setTimeToLive(TimeValue.ofMinutes(10))
                        .build());
        if (sslContext != null) {
            final ClientTlsStrategyBuilder tls = ClientTlsStrategyBuilder.create().setSslContext(sslContext);
            if (!hostnameVerification) {
                // CLIENT: only our (no-op) verifier decides; with BUILTIN/BOTH the JSSE endpoint check still runs
                tls.setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
                        .setHostVerificationPolicy(HostnameVerificationPolicy.CLIENT);
            }
            pool.setTlsStrategy(tls.buildAsync());
        }
        this.client = HttpAsyncClients.custom()
                .setConnectionManager(pool.build())
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(1).setTcpNoDelay(true).build())
                .setThreadFactory(runner.threads("eh-core-io"))
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(connectTimeout))
                        .setResponseTimeout(Timeout.of(responseTimeout))
                        .build())
                .disableAutomaticRetries()
                .disableCookieManagement()
                // one client identity only: without this every mutual-TLS connection is tagged with our
                // certificate's principal and never handed out again, so each request would do a new handshake
                .disableConnectionState()
                .disableRedirectHandling()
                .evictIdleConnections(TimeValue.ofMinutes(1))
                .build();
        // a completion runs the caller's continuation: one that takes longer than a response may is a stall
        this.completions = runner.pool("eh-core-client", 2, responseTimeout);
        this.client.start();
    }

    /** Whether calls go over TLS. */
    public boolean secure() {
        return secure;
    }

    /** {@code https} in secure mode, else {@code http}: Arrowhead clients pick the scheme from their own mode. */
    public String scheme() {
        return secure ? "https" : "http";
    }

    /** The response timeout this client was made with (a bound for waiting on its calls). */
    public Duration responseTimeout() {
        return responseTimeout;
    }

    /** GET; {@code responseType} {@code String.class} gives the body as text, {@code Void.class} ignores it. */
    public <T> CompletableFuture<T> get(final URI uri, final Class<T> responseType) {
        return send(Method.GET, uri, null, responseType);
    }

    /** POST with a JSON body. */
    public <T> CompletableFuture<T> post(final URI uri, final Object body, final Class<T> responseType) {
        return send(Method.POST, uri, body, responseType);
    }

    /** DELETE (parameters in the URI). */
    public <T> CompletableFuture<T> delete(final URI uri, final Class<T> responseType) {
        return send(Method.DELETE, uri, null, responseType);
    }

    /**
     * Any method, with a JSON body (or null) and an {@code Authorization} header (or null): how an Arrowhead 5
     * system declares itself ({@code Bearer SYSTEM//<Name>}).
     */
    public <T> CompletableFuture<T> send(final String method, final URI uri, final Object body,
                                         final String authorization, final Class<T> responseType) {
        return send(Method.normalizedValueOf(method), uri, body, authorization, responseType);
    }

    private <T> CompletableFuture<T> send(final Method method, final URI uri, final Object body,
                                          final Class<T> responseType) {
        return send(method, uri, body, null, responseType);
    }

    private <T> CompletableFuture<T> send(final Method method, final URI uri, final Object body,
                                          final String authorization, final Class<T> responseType) {
        final CompletableFuture<T> result = new CompletableFuture<>();
        final SimpleHttpRequest request;
        try {
            final SimpleRequestBuilder builder = SimpleRequestBuilder.create(method).setUri(uri)
                    .setHeader(HttpHeaders.ACCEPT, ACCEPT);
            if (authorization != null) {
                builder.setHeader(HttpHeaders.AUTHORIZATION, authorization);
            }
            if (body != null) {
                builder.setBody(mapper.writeValueAsBytes(body), ContentType.APPLICATION_JSON);
            }
            request = builder.build();
        } catch (final JsonProcessingException e) {
            result.completeExceptionally(e);
            return result;
        }
        try {
            client.execute(SimpleRequestProducer.create(request), SimpleResponseConsumer.create(), null,
                    new FutureCallback<>() {
                        @Override
                        public void completed(final SimpleHttpResponse response) {
                            onCompletionThread(result, () -> complete(result, method, uri, response, responseType));
                        }

                        @Override
                        public void failed(final Exception failure) {
                            onCompletionThread(result, () -> result.completeExceptionally(failure));
                        }

                        @Override
                        public void cancelled() {
                            onCompletionThread(result, () -> result.completeExceptionally(
                                    new CancellationException(method + " " + uri + " cancelled")));
                        }
                    });
        } catch (final RuntimeException e) {
            // the client is closed (IllegalStateException) or the request is unusable
            result.completeExceptionally(e);
        }
        return result;
    }

    private void onCompletionThread(final CompletableFuture<?> result, final Runnable completion) {
        try {
            completions.execute(completion);
        } catch (final RejectedExecutionException e) {
            result.completeExceptionally(new IllegalStateException("core system client closed"));
        }
    }

    private <T> void complete(final CompletableFuture<T> result, final Method method, final URI uri,
                              final SimpleHttpResponse response, final Class<T> responseType) {
        final int status = response.getCode();
        final byte[] bytes = response.getBodyBytes();
        final String text = bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
        if (status < 200 || status > 299) {
            result.completeExceptionally(new CoreSystemException(method.name(), uri, status, errorMessage(text),
                    text, null));
            return;
        }
        try {
            result.complete(read(text, responseType));
        } catch (final JsonProcessingException | RuntimeException e) {
            result.completeExceptionally(new CoreSystemException(method.name(), uri, status, null, text, e));
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T read(final String text, final Class<T> responseType) throws JsonProcessingException {
        if (responseType == Void.class) {
            return null;
        }
        if (responseType == String.class) {
            return (T) text;
        }
        if (text.isBlank()) {
            throw new IllegalStateException("empty body, expected " + responseType.getSimpleName());
        }
        return mapper.readValue(text, responseType);
    }

    /** The body as an Arrowhead error, or null if it is not one (e.g. a proxy's HTML page or a bare status). */
    private ErrorMessageDTO errorMessage(final String text) {
        if (text.isBlank()) {
            return null;
        }
        try {
            final JsonNode node = mapper.readTree(text);
            if (node == null || !node.isObject() || !node.has("errorMessage")) {
                return null;
            }
            return mapper.treeToValue(node, ErrorMessageDTO.class);
        } catch (final JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Stops the client; calls still in flight fail. Takes up to about a second with pooled TLS 1.3 connections:
     * the graceful close waits for the peer's close_notify, which a TLS 1.3 server need not send. (An immediate
     * close races with the I/O reactor's own shutdown and logs a ClosedSelectorException.)
     */
    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
        completions.shutdown();
    }
}
