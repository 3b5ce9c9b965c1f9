package io.eventhandler.client.discovery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.ClientTls;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * JSON over HTTP(S) to Arrowhead core systems, presenting the system's certificate in secure mode as every call to
 * a core system must, and the system's {@link CallerIdentity} header where an Arrowhead 5 cloud asks for one. Bodies
 * are read leniently (unknown fields ignored), as Arrowhead's Spring clients do.
 */
final class CoreSystemHttp implements AutoCloseable {

    private static final int MAX_BODY = 1024 * 1024;
    private static final ObjectMapper JSON = JsonMapper.create();

    private final CloseableHttpClient http;
    private final CallerIdentity identity;

    CoreSystemHttp(final ClientTls tls, final CallerIdentity identity, final Duration connectTimeout,
                   final Duration responseTimeout) {
        this.identity = identity;
        final PoolingHttpClientConnectionManagerBuilder manager = PoolingHttpClientConnectionManagerBuilder.create()
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connectTimeout))
                        .setSocketTimeout(Timeout.of(responseTimeout))
                        .build());
        if (tls != null) {
            manager.setTlsSocketStrategy(tls.socketStrategy());
        }
        this.http = HttpClients.custom()
                .setConnectionManager(manager.build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(responseTimeout)).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                // keep TLS connections reusable across requests (see HttpClientFactory)
                .disableConnectionState()
                .setUserAgent("eventhandler-client")
                .build();
    }

    /** {@code POST uri} with {@code request} as JSON; the 2xx answer read as {@code answerType}. */
    <T> T post(final URI uri, final Object request, final Class<T> answerType) throws CoreSystemCallException {
        final byte[] body = post(uri, request);
        try {
            final T parsed = JSON.readValue(body, answerType);
            if (parsed == null) {
                throw new CoreSystemCallException("POST " + uri + " answered null");
            }
            return parsed;
        } catch (final IOException e) {
            throw new CoreSystemCallException("POST " + uri + " answered no " + answerType.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    /** {@code POST uri} with {@code request} as JSON; the body of the 2xx answer. */
    byte[] post(final URI uri, final Object request) throws CoreSystemCallException {
        final HttpPost post = new HttpPost(uri);
        post.setHeader(HttpHeaders.ACCEPT, ContentType.APPLICATION_JSON.getMimeType());
        identity.applyTo(post);
        try {
            post.setEntity(new ByteArrayEntity(JSON.writeValueAsBytes(request), ContentType.APPLICATION_JSON));
        } catch (final JsonProcessingException e) {
            throw new IllegalArgumentException("cannot serialize " + request.getClass().getSimpleName(), e);
        }
        final Answer answer;
        try {
            answer = http.execute(post, response -> new Answer(response.getCode(),
                    response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity(), MAX_BODY)));
        } catch (final IOException e) {
            throw new CoreSystemCallException("POST " + uri + " failed: " + e, e);
        }
        if (answer.status / 100 != 2) {
            throw new CoreSystemCallException("POST " + uri + " answered HTTP " + answer.status + errorText(answer.body));
        }
        return answer.body;
    }

    @Override
    public void close() {
        http.close(CloseMode.IMMEDIATE);
    }

    /** Arrowhead errors are {@link ErrorMessageDTO}s; anything else is shown as text, shortened. */
    private static String errorText(final byte[] body) {
        if (body.length == 0) {
            return "";
        }
        try {
            final ErrorMessageDTO error = JSON.readValue(body, ErrorMessageDTO.class);
            if (error != null && error.errorMessage() != null) {
                return " " + error.exceptionType() + ": " + error.errorMessage();
            }
        } catch (final IOException | RuntimeException e) {
            // not an Arrowhead error body; shown as text below
        }
        final String text = new String(body, StandardCharsets.UTF_8);
        return ": " + (text.length() > 200 ? text.substring(0, 200) + "..." : text);
    }

    private record Answer(int status, byte[] body) {
    }
}
