package io.eventhandler.client;

import io.eventhandler.api.EpochMicros;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives the Event Handler's webhook deliveries: a small HTTP server (JDK {@code com.sun.net.httpserver}, keep-alive)
 * answering {@code POST <notifyPath>} with an {@link EventDTO} body and an optional {@code X-Event-Sequence} header.
 *
 * <p>{@link #startSecure} serves HTTPS and takes notifications from the Event Handler of the own cloud only.
 * The listener is called before the answer is sent: 200 when it returned, 500 when it threw (the Event Handler
 * then retries, so delivery is at least once). A body that is not an {@link EventDTO} gets 400 with an
 * {@link ErrorMessageDTO}; other paths get 404, other methods 405.
 *
 * <p>A copy of an event its publisher resent after a failover (its {@code eh-origin} and {@code eh-seq} metaData
 * were seen before for its topic) is answered 200 without reaching the listener, and counted in
 * {@link #duplicatesDropped()}.
 */
public final class WebhookReceiver implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookReceiver.class);
    private static final int THREADS = Math.max(2, Runtime.getRuntime().availableProcessors());
    /**
     * Connections waiting to be accepted. The JDK's default (50) drops the connection attempts of a burst beyond it
     * while the accepting thread is busy; each dropped one waits for a SYN retry (1 s, then 3 s), long enough for a
     * sender's connect timeout to give up.
     */
    private static final int BACKLOG = 256;

    private final HttpServer server;
    private final ExecutorService executor;
    private final String notifyPath;
    private final EventListener listener;
    /** Null for a plain HTTP receiver. */
    private final NotificationAccessControl access;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong duplicatesDropped = new AtomicLong();
    private final OriginDeduplicator origins = new OriginDeduplicator();

    private WebhookReceiver(final HttpServer server, final ExecutorService executor, final String notifyPath,
                            final EventListener listener, final NotificationAccessControl access) {
        this.server = server;
        this.executor = executor;
        this.notifyPath = notifyPath;
        this.listener = listener;
        this.access = access;
    }

    /**
     * Starts a plain HTTP receiver.
     *
     * @param bindAddress interface to listen on, e.g. {@code 127.0.0.1}
     * @param port        TCP port, 0 for any free one (see {@link #port()})
     * @param notifyPath  the path the Event Handler POSTs to (the subscription's {@code notifyUri}), e.g.
     *                    {@code /notify/temperature}
     * @param listener    gets every received event
     * @throws UncheckedIOException when the port cannot be bound
     */
    public static WebhookReceiver start(final String bindAddress, final int port, final String notifyPath,
                                        final EventListener listener) {
        final InetSocketAddress address = checkedAddress(bindAddress, port, notifyPath, listener);
        try {
            return start(HttpServer.create(address, BACKLOG), notifyPath, listener, null);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot listen on " + bindAddress + ":" + port, e);
        }
    }

    /**
     * Starts an HTTPS receiver that requires a client certificate and, like Arrowhead's
     * {@code SubscriberNotificationAccessControlFilter}, accepts notifications only from the Event Handler of its
     * own cloud: a certificate whose CN is {@code eventhandler.<cloud of tls>}. Any other certificate the
     * truststore accepts gets 401 with an {@link ErrorMessageDTO} of type {@code AUTH}.
     *
     * @param tls the system's own certificate (its CN names the cloud) and the cloud's truststore
     * @throws IllegalArgumentException when the own certificate is unknown or not an Arrowhead system certificate
     * @throws UncheckedIOException     when the port cannot be bound
     */
    public static WebhookReceiver startSecure(final String bindAddress, final int port, final String notifyPath,
                                              final ClientTls tls, final EventListener listener) {
        final InetSocketAddress address = checkedAddress(bindAddress, port, notifyPath, listener);
        final String cloud;
        try {
            cloud = tls.requireIdentity().cloudCommonName();
        } catch (final IllegalStateException e) {
            throw new IllegalArgumentException("cannot tell the own cloud: " + e.getMessage(), e);
        }
        try {
            final HttpsServer server = HttpsServer.create(address, BACKLOG);
            server.setHttpsConfigurator(new ClientCertificateRequired(tls.sslContext()));
            return start(server, notifyPath, listener, NotificationAccessControl.eventHandlerOf(cloud));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot listen on " + bindAddress + ":" + port, e);
        }
    }

    private static InetSocketAddress checkedAddress(final String bindAddress, final int port, final String notifyPath,
                                                    final EventListener listener) {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(listener, "listener");
        if (notifyPath == null || !notifyPath.startsWith("/")) {
            throw new IllegalArgumentException("notifyPath must start with '/': " + notifyPath);
        }
        return new InetSocketAddress(bindAddress, port);
    }

    private static WebhookReceiver start(final HttpServer server, final String notifyPath,
                                         final EventListener listener, final NotificationAccessControl access) {
        final ExecutorService executor = Executors.newFixedThreadPool(THREADS,
                daemonThreads("eh-webhook-" + server.getAddress().getPort() + "-"));
        final WebhookReceiver receiver = new WebhookReceiver(server, executor, notifyPath, listener, access);
        server.createContext(notifyPath, receiver::handle);
        server.setExecutor(executor);
        server.start();
        LOG.info("webhook receiver listening on {}://{}:{}{}{}", access == null ? "http" : "https",
                receiver.address(), receiver.port(), notifyPath, access == null ? "" : " (" + access + ")");
        return receiver;
    }

    /** The TCP port listened on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The address listened on, as given to {@link #start}. */
    public String address() {
        return server.getAddress().getHostString();
    }

    /** Whether this receiver serves HTTPS and checks who sends. */
    public boolean isSecure() {
        return access != null;
    }

    /** The path deliveries are accepted on. */
    public String notifyPath() {
        return notifyPath;
    }

    /** Events accepted (parsed and handed to the listener without exception). */
    public long received() {
        return received.get();
    }

    /** Events answered 200 without reaching the listener: copies of events their publisher resent. */
    public long duplicatesDropped() {
        return duplicatesDropped.get();
    }

    /** Requests answered with an error (bad body, wrong path or method, listener failure). */
    public long rejected() {
        return rejected.get();
    }

    /** Stops listening at once and ends the request threads. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(final HttpExchange exchange) throws IOException {
        try (exchange) {
            if (access != null) {
                final String refusal = access.refusal(((HttpsExchange) exchange).getSSLSession());
                if (refusal != null) {
                    LOG.warn("refused a notification: {}", refusal);
                    reject(exchange, 401, ExceptionType.AUTH, refusal);
                    return;
                }
            }
            if (!notifyPath.equals(exchange.getRequestURI().getPath())) {
                reject(exchange, 404, ExceptionType.DATA_NOT_FOUND, "No such path: " + exchange.getRequestURI().getPath());
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "POST");
                reject(exchange, 405, ExceptionType.BAD_PAYLOAD, "Only POST is accepted.");
                return;
            }
            final byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            final long receivedMicros = EpochMicros.now();
            final EventDTO event = parse(body);
            if (event == null) {
                reject(exchange, 400, ExceptionType.BAD_PAYLOAD, "Body is not an EventDTO.");
                return;
            }
            final long sequence = sequence(exchange.getRequestHeaders().getFirst(EventHandlerApi.SEQUENCE_HEADER));
            if (origins.isDuplicate(event)) {
                duplicatesDropped.incrementAndGet();
                LOG.debug("dropped {} #{}: a copy of an event its publisher resent", event.eventType(), sequence);
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            try {
                listener.onEvent(new ReceivedEvent(sequence, event, receivedMicros));
            } catch (final RuntimeException e) {
                // the Event Handler will retry: that copy must reach the listener
                origins.forget(event);
                LOG.warn("listener failed on {} #{}", event.eventType(), sequence, e);
                reject(exchange, 500, ExceptionType.GENERIC, "Listener failed: " + e);
                return;
            }
            received.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
        }
    }

    private static EventDTO parse(final byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            return WireJson.EVENT_READER.readValue(body);
        } catch (final IOException e) {
            LOG.debug("bad webhook body: {}", e.getMessage());
            return null;
        }
    }

    private static long sequence(final String header) {
        if (header == null) {
            return ReceivedEvent.UNKNOWN_SEQUENCE;
        }
        try {
            final long value = Long.parseLong(header.trim());
            return value < 0 ? ReceivedEvent.UNKNOWN_SEQUENCE : value;
        } catch (final NumberFormatException e) {
            return ReceivedEvent.UNKNOWN_SEQUENCE;
        }
    }

    private void reject(final HttpExchange exchange, final int status, final ExceptionType type, final String message)
            throws IOException {
        rejected.incrementAndGet();
        final byte[] json = errorJson(new ErrorMessageDTO(message, status, type, notifyPath));
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, json.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(json);
        }
    }

    private static byte[] errorJson(final ErrorMessageDTO error) {
        try {
            return WireJson.ERROR_WRITER.writeValueAsBytes(error);
        } catch (final JsonProcessingException e) {
            return ("{\"errorMessage\":\"" + error.errorCode() + "\"}").getBytes(StandardCharsets.UTF_8);
        }
    }

    private static ThreadFactory daemonThreads(final String prefix) {
        final AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            final Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
