package io.eventhandler.client;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A scripted SSE endpoint on loopback for tests that need what the real server does not do on demand (duplicates,
 * error answers, silence). The n-th request is served by the n-th script; requests beyond the scripts are held open.
 */
final class FakeSseServer implements AutoCloseable {

    /** How one request is answered. */
    @FunctionalInterface
    interface Script {
        void serve(Connection connection) throws IOException, InterruptedException;
    }

    /** One request being answered. */
    final class Connection {
        private final HttpExchange exchange;
        private OutputStream out;

        Connection(final HttpExchange exchange) {
            this.exchange = exchange;
        }

        /** Answers 200 {@code text/event-stream} and flushes the headers. */
        Connection open() throws IOException {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            out = exchange.getResponseBody();
            out.flush();
            return this;
        }

        /** Writes raw stream text and flushes it. */
        Connection send(final String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return this;
        }

        /** Writes a data event with this id and an {@code EventDTO} whose payload is {@code "p<id>"}. */
        Connection event(final long id) throws IOException {
            return send("id: " + id + "\ndata: " + eventJson(id) + "\n\n");
        }

        /** Answers with a status and JSON body (no stream). */
        void fail(final int status, final String json) throws IOException {
            final byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
        }

        /** Keeps the stream open until the server is closed. */
        void hold() throws InterruptedException {
            released.await();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        final Thread t = new Thread(r, "fake-sse");
        t.setDaemon(true);
        return t;
    });
    private final List<Script> scripts;
    private final List<Headers> requestHeaders = new CopyOnWriteArrayList<>();
    private final List<URI> requestUris = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);

    FakeSseServer(final Script... scripts) throws IOException {
        this.scripts = List.of(scripts);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    static String eventJson(final long id) {
        return "{\"eventType\":\"temperature\",\"metaData\":null,\"payload\":\"p" + id
                + "\",\"timeStamp\":\"2024-03-19T10:31:17.123456Z\"}";
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Headers of every request so far, in arrival order. */
    List<Headers> requestHeaders() {
        return requestHeaders;
    }

    List<URI> requestUris() {
        return requestUris;
    }

    private void handle(final HttpExchange exchange) throws IOException {
        final int index;
        synchronized (this) {
            index = requestHeaders.size();
            requestHeaders.add(exchange.getRequestHeaders());
            requestUris.add(exchange.getRequestURI());
        }
        try (exchange) {
            final Connection connection = new Connection(exchange);
            if (index < scripts.size()) {
                scripts.get(index).serve(connection);
            } else {
                connection.open().hold();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final IOException e) {
            // the client went away; nothing to do
        }
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
