package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.security.OutgoingTls;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.URI;

/**
 * The connection to the other instance: one persistent connection (mutual TLS in secure mode) that carries the
 * primary's batches, and the status question an instance asks its peer at start.
 */
final class PeerClient implements AutoCloseable {

    static final String BATCH = EventHandlerApi.BASE_PATH + "/replication/batch";
    static final String STATUS = EventHandlerApi.BASE_PATH + "/replication/status";

    /** The peer answered, refusing: it serves at a newer epoch. */
    static final class RefusedException extends Exception {
        private final transient PeerStatusDTO status;

        RefusedException(final PeerStatusDTO status) {
            super("refused by a peer that is " + status.role() + " at epoch " + status.epoch(), null, false, false);
            this.status = status;
        }

        PeerStatusDTO status() {
            return status;
        }
    }

    /** The peer answered 403: it does not take this instance for its peer (the shared secrets differ). */
    static final class ForbiddenException extends IOException {
        ForbiddenException(final String what) {
            super("the peer refuses our " + what + " with 403: are eh.replication.secret / loopback.only the same on "
                    + "both instances?");
        }
    }

    private final URI base;
    private final ObjectMapper mapper;
    private final String secret;
    private final CloseableHttpClient http;

    /**
     * @param tls TLS as this Event Handler (its key and the cloud's trust), or plain HTTP
     * @param secret the pair's shared secret, sent with every request (plain mode), or null
     * @param connectTimeoutMs  a peer that does not accept the connection within this is unreachable
     * @param responseTimeoutMs a peer that does not answer within this is unreachable
     */
    PeerClient(final URI base, final OutgoingTls tls, final ObjectMapper mapper, final String secret,
               final int connectTimeoutMs, final int responseTimeoutMs) {
        this.base = base;
        this.secret = secret;
        this.mapper = mapper;
        final PoolingHttpClientConnectionManagerBuilder pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(2).setMaxConnPerRoute(2)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofMilliseconds(connectTimeoutMs))
                        .setSocketTimeout(Timeout.ofMilliseconds(responseTimeoutMs)).build());
        if (tls.secure()) {
            pool.setTlsSocketStrategy(tls.hostnameVerification() ? new DefaultClientTlsStrategy(tls.sslContext())
                    : new DefaultClientTlsStrategy(tls.sslContext(), HostnameVerificationPolicy.CLIENT,
                    NoopHostnameVerifier.INSTANCE));
        }
        final PoolingHttpClientConnectionManager connections = pool.build();
        this.http = HttpClients.custom().setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(Timeout.ofMilliseconds(responseTimeoutMs))
                        .setRedirectsEnabled(false).build())
                .disableAutomaticRetries().disableCookieManagement().disableConnectionState()
                .setUserAgent("eventhandler-replication").build();
    }

    URI base() {
        return base;
    }

    /**
     * Send one batch.
     *
     * @return the backup's status: it holds every replica of the batch
     * @throws RefusedException when the peer serves at a newer epoch
     * @throws IOException      when the peer cannot be reached or answers otherwise ({@link ForbiddenException}:
     *                         it does not take us for its peer)
     */
    PeerStatusDTO send(final byte[] batch) throws IOException, RefusedException {
        final HttpPost post = new HttpPost(base.resolve(BATCH));
        post.setEntity(new ByteArrayEntity(batch, ContentType.APPLICATION_JSON));
        if (secret != null) {
            post.setHeader(PeerGate.SECRET_HEADER, secret);
        }
        final Answer answer = http.execute(post, this::answer);
        if (answer.code == 200) {
            return answer.status;
        }
        if (answer.code == 403) {
            throw new ForbiddenException("replication batch");
        }
        if (answer.code == 409 && answer.status != null) {
            throw new RefusedException(answer.status);
        }
        throw new IOException("the peer answered " + answer.code + " to a replication batch");
    }

    /** The peer's role and epoch. */
    PeerStatusDTO status() throws IOException {
        final HttpGet get = new HttpGet(base.resolve(STATUS));
        if (secret != null) {
            get.setHeader(PeerGate.SECRET_HEADER, secret);
        }
        final Answer answer = http.execute(get, this::answer);
        if (answer.code == 403) {
            throw new ForbiddenException("status request");
        }
        if (answer.code != 200 || answer.status == null) {
            throw new IOException("the peer answered " + answer.code + " to a status request");
        }
        return answer.status;
    }

    private Answer answer(final ClassicHttpResponse response) throws IOException {
        final byte[] body = response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity());
        PeerStatusDTO status = null;
        if (response.getCode() == 200 || response.getCode() == 409) {
            try {
                status = mapper.readValue(body, PeerStatusDTO.class);
            } catch (final IOException e) {
                status = null; // a 409 of something else than a peer: an error body
            }
        }
        return new Answer(response.getCode(), status);
    }

    private record Answer(int code, PeerStatusDTO status) {
    }

    @Override
    public void close() {
        http.close(CloseMode.IMMEDIATE);
    }
}
