package io.eventhandler.server.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A webhook subscriber: an HTTP server on a free loopback port that records every request it gets (path, headers,
 * body) and answers 200, or 500 ({@link Mode#FAIL}), or holds the request until released ({@link Mode#STALL}).
 */
public final class WebhookReceiver implements AutoCloseable {

    public enum Mode { OK, FAIL, STALL }

    /** One request as received; header names are lower-case. */
    public record Received(String method, String path, Map<String, String> headers, String body, int answered) {
        public long sequence() {
            return Long.parseLong(headers.get(EventHandlerApi.SEQUENCE_HEADER.toLowerCase(Locale.ROOT)));
        }

        public EventDTO event() {
            return EhHttp.read(body, EventDTO.class);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        final Thread thread = new Thread(r, "webhook-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Received> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Mode mode = Mode.OK;

    private WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public static WebhookReceiver start() {
        try {
            return new WebhookReceiver();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(final HttpExchange exchange) throws IOException {
        try (exchange) {
            final String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            final Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            final Mode now = mode;
            final int status = now == Mode.FAIL ? 500 : 200;
            requests.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body,
                    now == Mode.STALL ? 0 : status));
            if (now == Mode.STALL) {
                try {
                    released.await(60, TimeUnit.SECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(status, -1);
        }
    }

    /** How to answer from now on. Leaving {@link Mode#STALL} is final: the held requests are released. */
    public void mode(final Mode mode) {
        this.mode = mode;
        if (mode != Mode.STALL) {
            released.countDown();
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** This receiver as an Arrowhead system named {@code name}. */
    public SystemRequestDTO system(final String name) {
        return SystemRequestDTO.of(name, "127.0.0.1", port());
    }

    /** Every request received, in order of arrival, whatever it was answered. */
    public List<Received> requests() {
        return List.copyOf(requests);
    }

    /** The requests answered 200. */
    public List<Received> delivered() {
        return requests.stream().filter(r -> r.answered() == 200).toList();
    }

    public List<String> payloads() {
        return delivered().stream().map(r -> r.event().payload()).toList();
    }

    public List<Long> sequences() {
        return delivered().stream().map(Received::sequence).toList();
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
