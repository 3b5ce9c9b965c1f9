package io.eventhandler.client;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.GapNotice;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.net.URIBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Subscribes to one event type over Server-Sent Events ({@code GET /eventhandler/subscription?eventtype=...}).
 *
 * <p>One daemon thread reads the stream with a blocking socket read (Apache HttpClient 5 classic, streamed, never
 * buffered) and calls the {@link EventListener} in stream order. After any disconnect or error it reconnects, until
 * closed, sending {@code Last-Event-ID} = the last delivered sequence number so that the Event Handler replays what
 * was missed. Events with a sequence number not above the last delivered one are dropped as duplicates (and
 * counted). Gap notices ({@code event: gap}) go to {@link EventListener#onGap}; after one, the expected sequence
 * moves past the gap (or, for a {@link GapNotice#REASON_RESET reset}, back to the restarted sequence).
 *
 * <p><b>Numbering.</b> Event ids are {@code <numbering>-<sequence>}: sequence numbers are unique within one numbering
 * only (an Event Handler restarted without durable history numbers from 1 again). Duplicates are spotted within one
 * numbering; an event of a new numbering is never taken for a duplicate. A resume with an id of a numbering the
 * Event Handler no longer uses is answered with a reset notice ({@link #resetsSeen()}), then what it holds.
 *
 * <p><b>Failover.</b> Built for several instances ({@link #builder(EventHandlerInstances, String)}: a primary and
 * its standby backup), the subscriber reconnects to the next instance (round robin) after every disconnect or
 * failed attempt: at once after a stream that was open ended, after the reconnect delay otherwise. An instance that
 * is not the serving primary refuses the stream with 503, so the subscriber ends up at the one that serves.
 * {@code Last-Event-ID} goes along: a promoted backup numbers new events above the old primary's and keeps the
 * numbers of the events it recovered, so "not above the last delivered" still spots replays. The copies a
 * publisher's failover resend makes (same {@code eh-origin} and {@code eh-seq} metaData, new sequence number) are
 * dropped as well ({@link #originDuplicatesDropped()}).
 */
public final class EventSubscriber implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventSubscriber.class);
    private static final long DEFAULT_RECONNECT_MILLIS = 1_000;
    private static final long NONE = -1;
    private static final int READ_BUFFER = 16 * 1024;
    private static final int MAX_ERROR_BODY = 64 * 1024;
    private static final long CLOSE_JOIN_MILLIS = 5_000;

    private final String eventType;
    private final EventHandlerInstances instances;
    private final List<URI> streamUris;
    private final List<HttpHost> hosts;
    private final EventListener listener;
    private final Duration configuredReconnectDelay;
    private final CloseableHttpClient http;
    private final CallerIdentity identity;
    private final Thread reader;
    private final SseParser parser;
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();

    private final AtomicLong received = new AtomicLong();
    private final AtomicLong duplicatesDropped = new AtomicLong();
    private final AtomicLong originDuplicatesDropped = new AtomicLong();
    private final OriginDeduplicator origins = new OriginDeduplicator();
    private final AtomicLong gapsSeen = new AtomicLong();
    private final AtomicLong reconnects = new AtomicLong();
    private volatile long lastEventId;
    /** The numbering {@link #lastEventId} is of, null if unknown (a plain number). Written by the reader only. */
    private volatile String lastNumbering;
    private final AtomicLong resetsSeen = new AtomicLong();
    private final AtomicLong numberingChanges = new AtomicLong();
    private volatile long serverRetryMillis = NONE;
    private volatile boolean connected;
    private volatile HttpGet currentRequest;
    /** Which instance the next attempt goes to, counted round robin; written by the reader thread only. */
    private volatile long instance;
    /** Touched by the reader thread only. */
    private boolean everConnected;
    /** Failed attempts since the stream was last open; touched by the reader thread only. */
    private int failuresInARow;

    private EventSubscriber(final Builder builder) {
        this.eventType = builder.eventType;
        this.listener = builder.listener;
        this.configuredReconnectDelay = builder.reconnectDelay;
        this.identity = builder.identity;
        this.lastEventId = builder.lastEventId;
        this.lastNumbering = builder.lastNumbering;
        this.instances = builder.instances;
        this.streamUris = instances.endpoints().stream()
                .map(endpoints -> streamUri(endpoints, eventType, builder.subscriber)).toList();
        this.hosts = streamUris.stream().map(HttpClientFactory::host).toList();
        final BasicHttpClientConnectionManager connectionManager = builder.tls == null
                ? new BasicHttpClientConnectionManager()
                : BasicHttpClientConnectionManager.create(RegistryBuilder.<TlsSocketStrategy>create()
                        .register(URIScheme.HTTPS.id, builder.tls.socketStrategy()).build());
        connectionManager.setConnectionConfig(HttpClientFactory.connectionConfig(builder.connectTimeout, builder.readTimeout));
        this.http = HttpClientFactory.builder(connectionManager, HttpClientFactory.requestConfig(builder.readTimeout).build(), false)
                // every attempt on a fresh connection: one the server ended a stream on is likely closed by now
                .setConnectionReuseStrategy((request, response, context) -> false)
                .build();
        this.parser = new SseParser(new StreamHandler());
        this.reader = new Thread(this::run, "eh-sse-" + eventType);
        this.reader.setDaemon(true);
    }

    private static URI streamUri(final EventHandlerEndpoints endpoints, final String eventType,
                                 final SystemRequestDTO subscriber) {
        try {
            final URIBuilder uri = new URIBuilder(endpoints.subscription())
                    .addParameter(EventHandlerApi.EVENT_TYPE_HEADER, eventType);
            if (subscriber != null) {
                uri.addParameter(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME, subscriber.systemName())
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_ADDRESS, subscriber.address())
                        .addParameter(EventHandlerApi.UNSUBSCRIBE_PORT, String.valueOf(subscriber.port()));
            }
            return uri.build();
        } catch (final URISyntaxException e) {
            throw new IllegalArgumentException("cannot build the stream URI from " + endpoints.subscription(), e);
        }
    }

    /**
     * A builder of a subscriber to {@code eventType} at the Event Handler {@code baseUri}.
     *
     * @param baseUri   e.g. {@code http://127.0.0.1:8455}
     * @param eventType the topic (matched case-insensitively by the Event Handler)
     */
    public static Builder builder(final URI baseUri, final String eventType) {
        return builder(EventHandlerEndpoints.of(Objects.requireNonNull(baseUri, "baseUri")), eventType);
    }

    /**
     * A builder of a subscriber to {@code eventType} at the stream {@link EventHandlerEndpoints#subscription()}.
     *
     * @param endpoints where the Event Handler's services are (e.g. as discovered)
     * @param eventType the topic (matched case-insensitively by the Event Handler)
     */
    public static Builder builder(final EventHandlerEndpoints endpoints, final String eventType) {
        return new Builder(new EventHandlerInstances(List.of(Objects.requireNonNull(endpoints, "endpoints"))),
                eventType);
    }

    /**
     * A builder of a subscriber to {@code eventType} that fails over between Event Handler instances.
     *
     * @param instances the instances, primary first (the first attempt goes to the primary)
     * @param eventType the topic (matched case-insensitively by the Event Handler)
     */
    public static Builder builder(final EventHandlerInstances instances, final String eventType) {
        return new Builder(Objects.requireNonNull(instances, "instances"), eventType);
    }

    /** The subscribed event type. */
    public String eventType() {
        return eventType;
    }

    /** Events handed to the listener. */
    public long received() {
        return received.get();
    }

    /**
     * Events dropped as duplicates: their sequence number was not above the last delivered one (replays after
     * resume), or their publisher's stamp was seen before (see {@link #originDuplicatesDropped()}).
     */
    public long duplicatesDropped() {
        return duplicatesDropped.get();
    }

    /**
     * Of {@link #duplicatesDropped()}, those dropped because their ({@code eh-origin}, {@code eh-seq}) was seen
     * before for the topic: copies of a publisher's failover resend.
     */
    public long originDuplicatesDropped() {
        return originDuplicatesDropped.get();
    }

    /** The instance the stream is open to (or the next attempt goes to). */
    public EventHandlerEndpoints currentInstance() {
        return instances.get(instance);
    }

    /** Gap notices received. */
    public long gapsSeen() {
        return gapsSeen.get();
    }

    /** Times the stream was re-established after the first successful connection. */
    public long reconnects() {
        return reconnects.get();
    }

    /** Sequence number of the last delivered event (the next {@code Last-Event-ID}), -1 if none yet. */
    public long lastEventId() {
        return lastEventId;
    }

    /**
     * The full id of the last delivered event ({@code <numbering>-<sequence>}, as the next {@code Last-Event-ID}
     * sends it), null if none yet: give it to {@link Builder#resumeFrom(String)} to resume in a later run.
     */
    public String lastEventIdText() {
        return idText(lastNumbering, lastEventId);
    }

    /** Reset notices received: the Event Handler's numbering changed under this subscriber (it restarted). */
    public long resetsSeen() {
        return resetsSeen.get();
    }

    /** Events that came in a numbering other than the one of the event before (after a reset, or a restart). */
    public long numberingChanges() {
        return numberingChanges.get();
    }

    private static String idText(final String numbering, final long sequence) {
        if (sequence == NONE) {
            return null;
        }
        return numbering == null ? Long.toString(sequence) : numbering + "-" + sequence;
    }

    /** Whether the stream is currently open. */
    public boolean isConnected() {
        return connected;
    }

    /** Stops reading: aborts the open request, ends the reader thread and frees the connection. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closedLatch.countDown();
        final HttpGet request = currentRequest;
        if (request != null) {
            request.cancel();
        }
        http.close(CloseMode.IMMEDIATE);
        if (Thread.currentThread() != reader) {
            try {
                reader.join(CLOSE_JOIN_MILLIS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private EventSubscriber startReader() {
        reader.start();
        return this;
    }

    private boolean isClosed() {
        return closed.get();
    }

    private void run() {
        while (!isClosed()) {
            Throwable cause = null;
            try {
                readStream();
                cause = new EOFException("SSE stream of " + eventType + " ended by the server");
            } catch (final IOException | RuntimeException e) {
                cause = e;
            }
            final boolean wasConnected = connected;
            if (wasConnected) {
                connected = false;
                final Throwable reported = isClosed() ? null : cause;
                safely(() -> listener.onDisconnected(reported));
            }
            if (isClosed()) {
                break;
            }
            // with a backup, every reconnect goes to the next instance: the one just lost may be dead
            final boolean failOver = instances.hasBackup();
            if (failOver) {
                instance++;
            }
            final long delay = failOver && wasConnected ? 0 : reconnectDelayMillis();
            logFailure(cause, delay);
            try {
                if (closedLatch.await(delay, TimeUnit.MILLISECONDS)) {
                    break;
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        LOG.debug("SSE reader of {} stopped", eventType);
    }

    /** The first failure in a row is logged as a warning, the following ones (the server is still away) at debug. */
    private void logFailure(final Throwable cause, final long delay) {
        if (cause instanceof EOFException) {
            LOG.info("{}; reconnecting to {} in {} ms after id {}", cause.getMessage(), currentInstance().baseUri(),
                    delay, lastEventId);
        } else if (failuresInARow++ == 0) {
            LOG.warn("SSE stream of {} failed ({}); reconnecting to {} in {} ms after id {}", eventType, cause,
                    instances.hasBackup() ? instances.toString() : currentInstance().baseUri(), delay, lastEventId);
        } else {
            LOG.debug("SSE stream of {}: attempt {} failed ({})", eventType, failuresInARow, cause.toString());
        }
    }

    /** One connection: open, check, read until the stream ends or fails. */
    private void readStream() throws IOException {
        final int index = (int) Math.floorMod(instance, (long) instances.size());
        final HttpGet request = new HttpGet(streamUris.get(index));
        request.setHeader(HttpHeaders.ACCEPT, "text/event-stream");
        request.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        request.setHeader(EventHandlerApi.EVENT_TYPE_HEADER, eventType);
        identity.applyTo(request);
        final long resumeAfter = lastEventId;
        final String resumeId = idText(lastNumbering, resumeAfter);
        if (resumeId != null) {
            request.setHeader(EventHandlerApi.LAST_EVENT_ID_HEADER, resumeId);
        }
        currentRequest = request;
        if (isClosed()) {
            return;
        }
        try (ClassicHttpResponse response = http.executeOpen(hosts.get(index), request, null)) {
            try {
                checkResponse(response);
                parser.reset();
                if (everConnected) {
                    reconnects.incrementAndGet();
                }
                everConnected = true;
                connected = true;
                if (failuresInARow > 0) {
                    LOG.info("SSE stream of {} open again after {} failed attempts", eventType, failuresInARow);
                }
                failuresInARow = 0;
                LOG.debug("SSE stream of {} open at {} (Last-Event-ID {})", eventType, hosts.get(index), resumeAfter);
                safely(listener::onConnected);
                final InputStream in = response.getEntity().getContent();
                final byte[] buffer = new byte[READ_BUFFER];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (n > 0) {
                        parser.feed(buffer, 0, n);
                    }
                }
            } finally {
                // abort before the response is closed: closing would otherwise drain an endless stream
                request.cancel();
            }
        } finally {
            currentRequest = null;
        }
    }

    private void checkResponse(final ClassicHttpResponse response) throws IOException {
        final int code = response.getCode();
        final HttpEntity entity = response.getEntity();
        final String operation = "GET " + EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION;
        if (code != 200) {
            final byte[] body = entity == null ? new byte[0] : EntityUtils.toByteArray(entity, MAX_ERROR_BODY);
            throw EventHandlerException.fromResponse(operation, code, body);
        }
        final Header contentType = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
        if (entity == null || contentType == null
                || !contentType.getValue().toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
            throw new EventHandlerException(operation, code, null,
                    "not an event stream (Content-Type " + (contentType == null ? "none" : contentType.getValue()) + ")");
        }
    }

    /** The wait before the next connection attempt (package-private for tests). */
    long reconnectDelayMillis() {
        if (configuredReconnectDelay != null) {
            return configuredReconnectDelay.toMillis();
        }
        final long fromServer = serverRetryMillis;
        return fromServer == NONE ? DEFAULT_RECONNECT_MILLIS : fromServer;
    }

    private void onData(final String id, final byte[] data, final int length, final long receivedMicros) {
        final long sequence = parseSequence(id);
        final String numbering = parseNumbering(id);
        final boolean newNumbering = numbering != null && lastNumbering != null && !numbering.equals(lastNumbering);
        if (!newNumbering && sequence != NONE && lastEventId != NONE && sequence <= lastEventId) {
            duplicatesDropped.incrementAndGet();
            if (LOG.isDebugEnabled()) {
                LOG.debug("dropped duplicate {} #{} (last delivered {})", eventType, sequence, lastEventId);
            }
            return;
        }
        final EventDTO event;
        try {
            event = WireJson.EVENT_READER.readValue(data, 0, length);
        } catch (final IOException e) {
            LOG.warn("dropped {} #{}: data is not an EventDTO: {}", eventType, sequence, e.getMessage());
            return;
        }
        if (event == null) {
            LOG.warn("dropped {} #{}: data is null", eventType, sequence);
            return;
        }
        if (sequence != NONE) {
            if (newNumbering) {
                numberingChanges.incrementAndGet();
                LOG.info("{}: numbering {} replaces {} (the Event Handler restarted)", eventType, numbering,
                        lastNumbering);
            }
            if (numbering != null) {
                lastNumbering = numbering;
            }
            lastEventId = sequence;
        }
        if (origins.isDuplicate(event)) {
            duplicatesDropped.incrementAndGet();
            originDuplicatesDropped.incrementAndGet();
            LOG.debug("dropped {} #{}: a copy of an event its publisher resent", eventType, sequence);
            return;
        }
        try {
            listener.onEvent(new ReceivedEvent(sequence, event, receivedMicros));
        } catch (final RuntimeException e) {
            LOG.warn("listener failed on {} #{}", eventType, sequence, e);
        } finally {
            received.incrementAndGet();
        }
    }

    private void onGap(final byte[] data, final int length) {
        final GapNotice gap;
        try {
            gap = WireJson.GAP_READER.readValue(data, 0, length);
        } catch (final IOException e) {
            LOG.warn("ignored malformed gap notice on {}: {}", eventType, new String(data, 0, length, StandardCharsets.UTF_8));
            return;
        }
        if (gap == null) {
            return;
        }
        if (GapNotice.REASON_RESET.equalsIgnoreCase(gap.reason())) {
            // the numbering changed: ids start again at firstMissingId, in the numbering the next event names
            lastEventId = gap.firstMissingId() - 1;
            lastNumbering = null;
            resetsSeen.incrementAndGet();
        } else if (lastEventId == NONE || gap.lastMissingId() > lastEventId) {
            lastEventId = gap.lastMissingId();
        }
        gapsSeen.incrementAndGet();
        LOG.info("gap on {}: {}", eventType, gap);
        safely(() -> listener.onGap(gap));
    }

    /** The numbering token of an id {@code <numbering>-<sequence>}, null for a plain number. */
    static String parseNumbering(final String id) {
        if (id == null) {
            return null;
        }
        final int dash = id.trim().lastIndexOf('-');
        return dash > 0 ? id.trim().substring(0, dash) : null;
    }

    /** The sequence number of an id {@code <numbering>-<sequence>} or a plain number, -1 if neither. */
    static long parseSequence(final String id) {
        if (id == null || id.isEmpty()) {
            return NONE;
        }
        final String trimmed = id.trim();
        final int dash = trimmed.lastIndexOf('-');
        if (dash == 0) {
            return NONE;
        }
        try {
            final long value = Long.parseLong(trimmed.substring(dash + 1));
            return value < 0 ? NONE : value;
        } catch (final NumberFormatException e) {
            return NONE;
        }
    }

    private void safely(final Runnable callback) {
        try {
            callback.run();
        } catch (final RuntimeException e) {
            LOG.warn("listener callback failed for {}", eventType, e);
        }
    }

    /** Routes what the parser recognizes. */
    private final class StreamHandler implements SseParser.Handler {
        @Override
        public void onEvent(final String id, final String eventName, final byte[] data, final int dataLength,
                            final long completedEpochMicros) {
            if (eventName == null || "message".equals(eventName)) {
                onData(id, data, dataLength, completedEpochMicros);
            } else if (EventHandlerApi.GAP_EVENT_NAME.equals(eventName)) {
                onGap(data, dataLength);
            } else {
                LOG.debug("ignored SSE event '{}' on {}", eventName, eventType);
            }
        }

        @Override
        public void onRetry(final long millis) {
            serverRetryMillis = millis;
        }
    }

    /** Options of an {@link EventSubscriber}. */
    public static final class Builder {
        private final EventHandlerInstances instances;
        private final String eventType;
        private ClientTls tls;
        private CallerIdentity identity = CallerIdentity.none();
        private SystemRequestDTO subscriber;
        private EventListener listener;
        private long lastEventId = NONE;
        private String lastNumbering;
        private Duration reconnectDelay;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration readTimeout = Duration.ofSeconds(60);

        private Builder(final EventHandlerInstances instances, final String eventType) {
            this.instances = instances;
            if (eventType == null || eventType.isBlank()) {
                throw new IllegalArgumentException("eventType is blank");
            }
            this.eventType = eventType;
        }

        /**
         * Secure mode: the stream is opened over HTTPS with this client certificate, which is also who the Event
         * Handler takes the subscriber to be.
         */
        public Builder tls(final ClientTls tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /**
         * How each attempt names the subscribing system (default {@link CallerIdentity#none()}: by the client
         * certificate, if any); in an Arrowhead 5 {@code declared} or {@code outsourced} cloud, its header, asked
         * anew at every reconnection.
         */
        public Builder identity(final CallerIdentity identity) {
            this.identity = Objects.requireNonNull(identity, "identity");
            return this;
        }

        /**
         * The subscribing system as registered in the Service Registry (name, address, port). In an Arrowhead local
         * cloud the Event Handler asks the Authorization system which publishers may reach exactly that system, so
         * there the stream is refused without it ({@code 400 BAD_PAYLOAD}); sent as the {@code system_name},
         * {@code address} and {@code port} parameters. With a client certificate the name must be the
         * certificate's ({@link ClientTls#system(String, int)} gives both). Default: none (standalone Event Handler).
         */
        public Builder subscriber(final SystemRequestDTO registered) {
            Objects.requireNonNull(registered, "registered");
            if (registered.systemName() == null || registered.address() == null || registered.port() == null) {
                throw new IllegalArgumentException("the subscriber needs systemName, address and port: " + registered);
            }
            this.subscriber = registered;
            return this;
        }

        /** Who gets the events (required). */
        public Builder listener(final EventListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Resume after this sequence number: the first request sends it as {@code Last-Event-ID}. Default: none. */
        public Builder lastEventId(final long lastEventId) {
            if (lastEventId < 0) {
                throw new IllegalArgumentException("lastEventId must not be negative: " + lastEventId);
            }
            this.lastEventId = lastEventId;
            this.lastNumbering = null;
            return this;
        }

        /**
         * Resume after this event id, as {@link EventSubscriber#lastEventIdText()} gave it in an earlier run
         * ({@code <numbering>-<sequence>}, or a plain sequence number).
         */
        public Builder resumeFrom(final String id) {
            final long sequence = parseSequence(id);
            if (sequence == NONE) {
                throw new IllegalArgumentException("not an event id: " + id);
            }
            this.lastEventId = sequence;
            this.lastNumbering = parseNumbering(id);
            return this;
        }

        /**
         * Wait between a disconnect and the next attempt. Default: the server's {@code retry:} value, else 1 s.
         * With several instances the first attempt after an open stream ended goes to the next one at once.
         */
        public Builder reconnectDelay(final Duration delay) {
            this.reconnectDelay = HttpClientFactory.requireNonNegative(delay, "reconnectDelay");
            return this;
        }

        /** Time to establish the TCP connection (default 5 s; zero = no limit). */
        public Builder connectTimeout(final Duration timeout) {
            this.connectTimeout = HttpClientFactory.requireNonNegative(timeout, "connectTimeout");
            return this;
        }

        /**
         * Longest silence (no event, no heartbeat) before the connection is considered dead and re-established
         * (default 60 s, four heartbeats of the Event Handler's default; zero = wait forever).
         */
        public Builder readTimeout(final Duration timeout) {
            this.readTimeout = HttpClientFactory.requireNonNegative(timeout, "readTimeout");
            return this;
        }

        /** Starts the reader thread; the subscriber connects in the background (see {@link #isConnected()}). */
        public EventSubscriber start() {
            if (listener == null) {
                throw new IllegalStateException("listener is required");
            }
            return new EventSubscriber(this).startReader();
        }
    }
}
