package io.eventhandler.client;

import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/** The Apache HttpClient 5 set-up shared by the REST client and the SSE subscriber. */
final class HttpClientFactory {

    private HttpClientFactory() {
    }

    /**
     * A client without cookies, authentication caching, redirects, content compression or protocol upgrades: none
     * of them applies to the Event Handler, and each costs time or hides failures. The only automatic retry is the
     * {@link StaleConnectionRetry} one, and only when {@code retryStaleConnections} is set.
     */
    static CloseableHttpClient build(final HttpClientConnectionManager connectionManager,
                                     final RequestConfig requestConfig, final boolean retryStaleConnections) {
        return builder(connectionManager, requestConfig, retryStaleConnections).build();
    }

    /** As {@link #build}, for further settings. */
    static HttpClientBuilder builder(final HttpClientConnectionManager connectionManager,
                                     final RequestConfig requestConfig, final boolean retryStaleConnections) {
        final HttpClientBuilder builder = HttpClientBuilder.create()
                .setConnectionManager(connectionManager)
                .setDefaultRequestConfig(requestConfig)
                .disableCookieManagement()
                .disableAuthCaching()
                .disableRedirectHandling()
                .disableContentCompression()
                // With a client certificate, HttpClient would tag each TLS connection with its principal and then
                // never lease it to the next request (which carries no such state): a new handshake per request.
                .disableConnectionState()
                .setUserAgent("eventhandler-client");
        if (retryStaleConnections) {
            builder.setRetryStrategy(StaleConnectionRetry.INSTANCE);
        } else {
            builder.disableAutomaticRetries();
        }
        return builder;
    }

    static ConnectionConfig connectionConfig(final Duration connectTimeout, final Duration socketTimeout) {
        return ConnectionConfig.custom()
                .setConnectTimeout(timeout(connectTimeout))
                .setSocketTimeout(timeout(socketTimeout))
                // probe a pooled connection that idled this long before reusing it (the server may have closed it)
                .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                .build();
    }

    static RequestConfig.Builder requestConfig(final Duration responseTimeout) {
        return RequestConfig.custom()
                .setResponseTimeout(timeout(responseTimeout))
                .setRedirectsEnabled(false)
                .setAuthenticationEnabled(false)
                .setContentCompressionEnabled(false)
                .setProtocolUpgradeEnabled(false)
                .setExpectContinueEnabled(false);
    }

    /** {@link Duration#ZERO} means no limit. */
    static Timeout timeout(final Duration duration) {
        return duration.isZero() ? Timeout.DISABLED : Timeout.ofMilliseconds(duration.toMillis());
    }

    static HttpHost host(final URI uri) {
        return new HttpHost(uri.getScheme(), uri.getHost(), uri.getPort());
    }

    /** {@code baseUri} without trailing slashes, so that API paths can be appended. */
    static String trimmedBase(final URI baseUri) {
        if (baseUri.getScheme() == null || baseUri.getHost() == null) {
            throw new IllegalArgumentException("Event Handler base URI needs scheme and host: " + baseUri);
        }
        String base = baseUri.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base;
    }

    static Duration requireNonNegative(final Duration duration, final String name) {
        if (duration == null || duration.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or positive: " + duration);
        }
        return duration;
    }
}
