package io.eventhandler.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An Event Handler instance that is not the serving primary, on loopback: every request gets 503 with an
 * {@link ErrorMessageDTO} of type {@code UNAVAILABLE}, as the contract says. Counts the requests by path.
 */
final class RefusingEventHandler implements AutoCloseable {

    private final HttpServer server;
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    RefusingEventHandler() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::refuse);
        server.start();
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Requests to {@code path} so far. */
    int requests(final String path) {
        final AtomicInteger count = requests.get(path);
        return count == null ? 0 : count.get();
    }

    private void refuse(final HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            in.readAllBytes();
            final String path = exchange.getRequestURI().getPath();
            requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            final byte[] body = WireJson.ERROR_WRITER.writeValueAsBytes(new ErrorMessageDTO(
                    "This Event Handler is the standby backup.", 503, ExceptionType.UNAVAILABLE, path));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(503, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
