package io.eventhandler.server.testing;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.eventhandler.api.EventDTO;
import io.eventhandler.security.certs.ArrowheadName;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An Arrowhead subscriber's notification endpoint in secure mode: HTTPS on loopback with client certificates
 * required, as the application library's receivers run. Records each event's payload and the caller's CN.
 */
public final class TlsWebhookReceiver implements AutoCloseable {

    private final HttpsServer server;
    private final List<String> payloads = new CopyOnWriteArrayList<>();
    private final List<String> callers = new CopyOnWriteArrayList<>();

    private TlsWebhookReceiver(final SSLContext tls, final String path) throws IOException {
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls) {
            @Override
            public void configure(final HttpsParameters parameters) {
                // through SSLParameters: the JDK server's own setNeedClientAuth is undone by its want flag
                final SSLParameters ssl = tls.getDefaultSSLParameters();
                ssl.setNeedClientAuth(true);
                parameters.setSSLParameters(ssl);
            }
        });
        server.createContext(path, exchange -> {
            final X509Certificate caller = (X509Certificate) ((HttpsExchange) exchange).getSSLSession()
                    .getPeerCertificates()[0];
            callers.add(ArrowheadName.commonName(caller).orElse("?"));
            payloads.add(EhHttp.read(new String(exchange.getRequestBody().readAllBytes()), EventDTO.class).payload());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    /** Listens with {@code tls} (the subscriber's certificate) and takes notifications on {@code path}. */
    public static TlsWebhookReceiver start(final SSLContext tls, final String path) {
        try {
            return new TlsWebhookReceiver(tls, path);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public List<String> payloads() {
        return List.copyOf(payloads);
    }

    /** The CN of each caller, in order. */
    public List<String> callers() {
        return List.copyOf(callers);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
