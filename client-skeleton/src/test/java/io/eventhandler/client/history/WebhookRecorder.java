package io.eventhandler.client.history;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real webhook subscriber (the JDK's HTTP server on a loopback port) that answers every POST 200 after
 * {@code delayMs} and records each event's body by its {@code X-Event-Sequence}, counting the ones that came again.
 */
final class WebhookRecorder implements AutoCloseable {

    static final String PATH = "/notify";

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final Map<Long, String> bodies = new ConcurrentHashMap<>();
    private final AtomicInteger repeated = new AtomicInteger();

    private WebhookRecorder(final int delayMs) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext(PATH, exchange -> {
            final String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            final String sequence = exchange.getRequestHeaders().getFirst("X-Event-Sequence");
            if (delayMs > 0) {
                try {
                    Thread.sleep(delayMs); // a slow subscriber: it takes this long to handle each event
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (sequence != null && bodies.put(Long.parseLong(sequence), body) != null) {
                repeated.incrementAndGet();
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(threads);
        server.start();
    }

    static WebhookRecorder start(final int delayMs) {
        try {
            return new WebhookRecorder(delayMs);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** The body of every event received, by sequence number. */
    Map<Long, String> events() {
        return Map.copyOf(bodies);
    }

    /** Events received more than once. */
    int repeated() {
        return repeated.get();
    }

    /** A webhook subscription of this recorder to {@code eventType}, as JSON. */
    String subscription(final String eventType, final String name) {
        return "{\"eventType\":\"" + eventType + "\",\"subscriberSystem\":{\"systemName\":\"" + name
                + "\",\"address\":\"127.0.0.1\",\"port\":" + port() + "},\"notifyUri\":\"" + PATH
                + "\",\"matchMetaData\":false}";
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
