package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ErrorMessageDTO;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.ssl.SSLUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.cert.Certificate;
import java.util.function.Function;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * What the 5.x core doubles share: a listener on loopback with one handler for every path (plain HTTP, or TLS that
 * needs a client certificate, as a 5.x core in the {@code certificate} policy), and answers written as the core's
 * Spring layer writes them (JSON bodies, {@code ErrorMessageDTO} errors).
 */
final class Core5Http implements AutoCloseable {

    /** Serves one request. */
    interface Service {
        void serve(Request request, Response response) throws IOException;
    }

    /** Default Jackson settings, as the core's Spring layer writes its bodies. */
    private static final ObjectMapper SPRING = new ObjectMapper();

    private final HttpServer server = new HttpServer();
    private final NetworkListener listener;

    /** Listens on an ephemeral loopback port at once, plain HTTP. */
    Core5Http(final String name, final Service service) {
        this(name, service, null);
    }

    /** Listens on an ephemeral loopback port at once; with {@code tls}, HTTPS needing a client certificate. */
    Core5Http(final String name, final Service service, final SSLContext tls) {
        listener = new NetworkListener(name, "127.0.0.1", 0);
        if (tls != null) {
            listener.setSecure(true);
            listener.setSSLEngineConfig(new SSLEngineConfigurator(tls, false, true, false));
        }
        server.addListener(listener);
        server.getServerConfiguration().addHttpHandler(new HttpHandler() {
            @Override
            public void service(final Request request, final Response response) throws Exception {
                service.serve(request, response);
            }
        }, "/");
        try {
            server.start();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return listener.getPort();
    }

    boolean secure() {
        return listener.isSecure();
    }

    /**
     * The system a 5.x {@code certificate} core takes the caller for: the first label of its certificate's CN, as
     * issued ({@code AlarmDashboard} of {@code AlarmDashboard.testcloud.company.arrowhead.eu}); null without one.
     */
    static String certificateName(final Request request) {
        final SSLEngine engine = SSLUtils.getSSLEngine(request.getContext().getConnection());
        try {
            final Certificate[] chain = engine == null ? new Certificate[0] : engine.getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate leaf ? ArrowheadName.commonName(leaf)
                    .map(cn -> cn.substring(0, cn.indexOf('.') < 0 ? cn.length() : cn.indexOf('.'))).orElse(null)
                    : null;
        } catch (final SSLPeerUnverifiedException e) {
            return null;
        }
    }

    /**
     * The caller as the 5.x filters see it: over TLS the certificate's system, else the system {@code identify}
     * finds in the {@code Authorization} header (the declared or outsourced filter). Without one, the filter's 401
     * is answered, without an {@code origin} as the 5.2.0 filters answer it, and null returned.
     */
    String caller(final Request request, final Response response, final Function<String, String> identify)
            throws IOException {
        if (secure()) {
            return certificateName(request);
        }
        final String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            error(response, 401, "No authorization header has been provided", "AUTH", null);
            return null;
        }
        final String caller = identify.apply(header);
        if (caller == null) {
            error(response, 401, "Invalid authorization header", "AUTH", null);
        }
        return caller;
    }

    static void json(final Response response, final int status, final Object body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.getWriter().write(SPRING.writeValueAsString(body));
    }

    static void error(final Response response, final int status, final String message, final String type,
                      final String origin) throws IOException {
        json(response, status, new ErrorMessageDTO(message, status, type, origin));
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
