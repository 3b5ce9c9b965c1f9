package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ErrorMessageDTO;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What the 5.x core doubles share: a plain-HTTP listener on loopback with one handler for every path, and answers
 * written as the core's Spring layer writes them (JSON bodies, {@code ErrorMessageDTO} errors).
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

    /** Listens on an ephemeral loopback port at once. */
    Core5Http(final String name, final Service service) {
        listener = new NetworkListener(name, "127.0.0.1", 0);
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
