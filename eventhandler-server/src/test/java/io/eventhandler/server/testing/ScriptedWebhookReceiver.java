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
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A webhook subscriber whose answers follow a script: the next requests get the scripted answers in order, every
 * later one the default answer. It records every request with the TCP connection it came on (the client's port),
 * so a test can count connections, and when it arrived, so a test can measure back-off.
 */
public final class ScriptedWebhookReceiver implements AutoCloseable {

    /** How a request is answered. */
    public enum Answer {
        /** 200, empty body. */
        OK,
        /** 500, empty body. */
        FAIL,
        /** The connection is closed without any response, as by a subscriber that crashed mid-request. */
        DROP,
        /** Held until {@link #release()}, then 200. */
        STALL
    }

    /** One request as received; header names are lower-case. */
    public record Received(String method, String path, Map<String, String> headers, String body, int clientPort,
                           long arrivalNanos, Answer answer) {
        public long sequence() {
            return Long.parseLong(headers.get(EventHandlerApi.SEQUENCE_HEADER.toLowerCase(Locale.ROOT)));
        }

        public EventDTO event() {
            return EhHttp.read(body, EventDTO.class);
        }

        /** Whether it was (or, when stalled, will be) answered 200. */
        public boolean accepted() {
            return answer == Answer.OK || answer == Answer.STALL;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        final Thread thread = new Thread(r, "scripted-webhook-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Received> requests = new CopyOnWriteArrayList<>();
    private final Queue<Answer> script = new ConcurrentLinkedQueue<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Answer otherwise = Answer.OK;

    private ScriptedWebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A receiver answering 200 to everything until told otherwise. */
    public static ScriptedWebhookReceiver start() {
        try {
            return new ScriptedWebhookReceiver();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A loopback port nothing listens on (bound and released at once): a subscriber that is down. */
    public static int deadPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(final HttpExchange exchange) throws IOException {
        final long arrival = System.nanoTime();
        final String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        final Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
        final Answer scripted = script.poll();
        final Answer answer = scripted != null ? scripted : otherwise;
        requests.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body,
                exchange.getRemoteAddress().getPort(), arrival, answer));
        switch (answer) {
            case DROP -> exchange.close(); // no response head sent: the connection is closed
            case FAIL -> respond(exchange, 500);
            case STALL -> {
                try {
                    released.await(30, TimeUnit.SECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                respond(exchange, 200);
            }
            default -> respond(exchange, 200);
        }
    }

    private static void respond(final HttpExchange exchange, final int status) throws IOException {
        try (exchange) {
            exchange.sendResponseHeaders(status, -1);
        }
    }

    /** Answer the next requests with these, in order, before falling back to the default answer. */
    public ScriptedWebhookReceiver script(final Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    /** The answer to every request the script does not cover. */
    public ScriptedWebhookReceiver otherwise(final Answer answer) {
        this.otherwise = answer;
        return this;
    }

    /** Let every stalled request (and every later one) be answered 200. */
    public void release() {
        released.countDown();
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

    /** The requests answered (or to be answered) 200. */
    public List<Received> accepted() {
        return requests.stream().filter(Received::accepted).toList();
    }

    public List<String> payloads() {
        return accepted().stream().map(r -> r.event().payload()).toList();
    }

    public List<Long> sequences() {
        return accepted().stream().map(Received::sequence).toList();
    }

    /** The number of TCP connections the requests came on. */
    public long connections() {
        return requests.stream().mapToInt(Received::clientPort).distinct().count();
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
