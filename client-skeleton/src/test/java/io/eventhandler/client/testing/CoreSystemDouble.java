package io.eventhandler.client.testing;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import eu.arrowhead.common.dto.shared.ErrorMessageDTO;
import eu.arrowhead.common.exception.ExceptionType;
import io.eventhandler.security.certs.ArrowheadName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Arrowhead core system double (Orchestrator, Service Registry) for one POST path, over HTTPS with required
 * client certificates as the real core runs. It reads every request strictly into the OFFICIAL Arrowhead DTO class
 * (a field the official class lacks is an error, answered 400 and kept in {@link #malformed()}) and answers with
 * official DTOs, written by a plain Jackson mapper.
 *
 * @param <Q> the official request type
 * @param <R> the official response type
 */
public final class CoreSystemDouble<Q, R> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CoreSystemDouble.class);
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final HttpServer server;
    private final String path;
    private final Class<Q> requestType;
    private final Function<Q, R> answer;
    private final List<Q> requests = new CopyOnWriteArrayList<>();
    private final List<String> callers = new CopyOnWriteArrayList<>();
    private final List<String> malformed = new CopyOnWriteArrayList<>();
    private volatile int failWithStatus;

    private CoreSystemDouble(final HttpServer server, final String path, final Class<Q> requestType,
                             final Function<Q, R> answer) {
        this.server = server;
        this.path = path;
        this.requestType = requestType;
        this.answer = answer;
    }

    /**
     * Starts a double on a free loopback port.
     *
     * @param tls    the core system's own TLS context (its certificate, the cloud's truststore); null for plain HTTP
     * @param path   e.g. {@code /orchestrator/orchestration}
     * @param answer what to answer each request with
     */
    public static <Q, R> CoreSystemDouble<Q, R> start(final SSLContext tls, final String path,
                                                      final Class<Q> requestType, final Function<Q, R> answer) {
        try {
            final InetSocketAddress loopback = new InetSocketAddress("127.0.0.1", 0);
            final HttpServer server;
            if (tls == null) {
                server = HttpServer.create(loopback, 0);
            } else {
                final HttpsServer https = HttpsServer.create(loopback, 0);
                https.setHttpsConfigurator(new HttpsConfigurator(tls) {
                    @Override
                    public void configure(final HttpsParameters params) {
                        final SSLParameters parameters = getSSLContext().getDefaultSSLParameters();
                        parameters.setNeedClientAuth(true);
                        params.setSSLParameters(parameters);
                    }
                });
                server = https;
            }
            final CoreSystemDouble<Q, R> core = new CoreSystemDouble<>(server, path, requestType, answer);
            server.createContext(path, core::handle);
            server.start();
            return core;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code https://127.0.0.1:<port>} ({@code http} for a plain double). */
    public URI baseUri() {
        return URI.create((server instanceof HttpsServer ? "https" : "http") + "://127.0.0.1:"
                + server.getAddress().getPort());
    }

    /** The requests read, as official DTOs. */
    public List<Q> requests() {
        return requests;
    }

    /** The client certificate CN of each request (none for a plain double). */
    public List<String> callers() {
        return callers;
    }

    /** Bodies that were not the official request type, with the reason. */
    public List<String> malformed() {
        return malformed;
    }

    /** From now on, answer every request with this status and an official {@link ErrorMessageDTO}; 0 to stop. */
    public void failWith(final int status) {
        this.failWithStatus = status;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(final HttpExchange exchange) throws IOException {
        try (exchange) {
            if (exchange instanceof HttpsExchange https) {
                final X509Certificate caller = (X509Certificate) https.getSSLSession().getPeerCertificates()[0];
                callers.add(ArrowheadName.commonName(caller).orElse("?"));
            }
            final byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            if (!"POST".equals(exchange.getRequestMethod()) || !path.equals(exchange.getRequestURI().getPath())) {
                send(exchange, 404, new ErrorMessageDTO("no such endpoint", 404, ExceptionType.DATA_NOT_FOUND, path));
                return;
            }
            final Q request;
            try {
                request = STRICT.readValue(body, requestType);
            } catch (final IOException e) {
                malformed.add(e.getMessage());
                send(exchange, 400, new ErrorMessageDTO(e.getMessage(), 400, ExceptionType.BAD_PAYLOAD, path));
                return;
            }
            requests.add(request);
            final int status = failWithStatus;
            if (status != 0) {
                send(exchange, status, new ErrorMessageDTO("failing on purpose", status, ExceptionType.ARROWHEAD, path));
                return;
            }
            send(exchange, 200, answer.apply(request));
        } catch (final IOException | RuntimeException | Error e) {
            // the JDK server would only drop the connection; say why
            LOG.error("{} double failed", path, e);
            throw e;
        }
    }

    private static void send(final HttpExchange exchange, final int status, final Object body) throws IOException {
        final byte[] json = STRICT.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, json.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(json);
        }
    }
}
