package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.EventHandlerApi;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Many plain SSE streams, one per topic, read by a single thread through a {@link Selector}. A thread per stream
 * (as {@link RawSseStream} has) costs a context switch per event, which on two shared cores would dominate an
 * experiment with thousands of topics; here one wake-up reads every stream that is ready.
 *
 * <p>The reader's thread also connects the streams, without blocking: at most {@code maxHandshakes} of them between
 * connecting and their response head at once, so that opening thousands does not overflow the server's accept
 * backlog (a dropped SYN is retried only a second later). A broken stream is reported and not reopened;
 * {@link #reconnectAll} closes every stream at once and reopens each with {@code Last-Event-ID}, as a client library
 * would after a network failure.
 */
public final class SseSelectorReader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SseSelectorReader.class);
    private static final int DEFAULT_MAX_HANDSHAKES = 1024;

    /** Receives the events, on the reader's thread. */
    public interface Listener {
        /**
         * One event of stream {@code stream}.
         *
         * @param stream         the index given to {@link #open}
         * @param payload        the event's payload
         * @param timeStamp      the event's creation stamp, ISO-8601
         * @param receivedMicros when the read that completed it returned, epoch µs
         */
        void onEvent(int stream, String payload, String timeStamp, long receivedMicros);

        /** A gap notice (the Event Handler dropped events for this subscriber) or an unreadable event. */
        void onTrouble(int stream, String what);
    }

    private final URI baseUri;
    private final InetSocketAddress address;
    private final Listener listener;
    private final Selector selector;
    private final Thread thread;
    private final int maxHandshakes;
    private final List<StreamState> streams = new ArrayList<>();
    /** Opens asked for by other threads, taken over by the reader's thread. */
    private final ConcurrentLinkedQueue<StreamState> requested = new ConcurrentLinkedQueue<>();
    /** Streams waiting to connect, by due time (reader's thread only). */
    private final PriorityQueue<StreamState> due = new PriorityQueue<>(Comparator.comparingLong(s -> s.dueNanos));
    private final AtomicInteger attached = new AtomicInteger();
    private final AtomicLong reconnectSpreadNanos = new AtomicLong(-1);
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private int handshakes;
    private volatile boolean closing;

    /**
     * A reader.
     *
     * @param baseUri  the Event Handler, {@code http://host:port}
     * @param name     names the thread
     * @param listener receives the events
     */
    public SseSelectorReader(final URI baseUri, final String name, final Listener listener) throws IOException {
        this(baseUri, name, listener, DEFAULT_MAX_HANDSHAKES);
    }

    /**
     * A reader.
     *
     * @param maxHandshakes streams at most between connecting and their response head at once
     */
    public SseSelectorReader(final URI baseUri, final String name, final Listener listener, final int maxHandshakes)
            throws IOException {
        this.baseUri = baseUri;
        this.address = new InetSocketAddress(baseUri.getHost(), baseUri.getPort());
        this.listener = listener;
        this.maxHandshakes = maxHandshakes;
        this.selector = Selector.open();
        this.thread = new Thread(this::run, "sse-selector-" + name);
        this.thread.setDaemon(true);
    }

    /**
     * Asks for a stream subscribed to {@code topic}; the reader's thread connects it (once started) and reads it.
     *
     * @param stream the index the listener is told
     */
    public void open(final int stream, final String topic) {
        requested.add(new StreamState(stream, topic));
        selector.wakeup();
    }

    /** Starts connecting and reading. */
    public void start() {
        thread.start();
    }

    /** Streams whose subscription was answered 200 and that are open now. */
    public int attached() {
        return attached.get();
    }

    /**
     * Closes every stream at once and reopens them with {@code Last-Event-ID}, stream {@code i} of {@code n} after
     * {@code i / n} of {@code spread}.
     */
    public void reconnectAll(final Duration spread) {
        reconnectSpreadNanos.set(spread.toNanos());
        selector.wakeup();
    }

    private void run() {
        try {
            while (!closing) {
                takeRequests();
                connectDue();
                final StreamState next = due.peek();
                final long waitMs = next == null || handshakes >= maxHandshakes ? 200
                        : Math.max(1, (next.dueNanos - System.nanoTime()) / 1_000_000);
                selector.select(waitMs);
                for (final SelectionKey key : selector.selectedKeys()) {
                    // the instant of each read, not of the wake-up: a busy wake-up can take milliseconds to go round
                    ready(key);
                }
                selector.selectedKeys().clear();
            }
        } catch (final IOException | RuntimeException e) {
            if (!closing) {
                LOG.warn("SSE selector stopped: {}", e.toString());
            }
        }
    }

    private void takeRequests() {
        for (StreamState state; (state = requested.poll()) != null; ) {
            streams.add(state);
            state.dueNanos = System.nanoTime();
            due.add(state);
        }
        final long spread = reconnectSpreadNanos.getAndSet(-1);
        if (spread >= 0) {
            final long now = System.nanoTime();
            final List<StreamState> open = new ArrayList<>();
            for (final StreamState state : streams) {
                if (state.channel != null) {
                    state.disconnect();
                    open.add(state);
                }
            }
            for (int i = 0; i < open.size(); i++) {
                final StreamState state = open.get(i);
                state.dueNanos = now + spread * i / open.size();
                due.add(state);
            }
        }
    }

    private void connectDue() {
        final long now = System.nanoTime();
        while (handshakes < maxHandshakes && !due.isEmpty() && due.peek().dueNanos <= now) {
            final StreamState state = due.poll();
            try {
                state.connect();
            } catch (final IOException | RuntimeException e) {
                state.broke(e);
            }
        }
    }

    private void ready(final SelectionKey key) {
        final StreamState state = (StreamState) key.attachment();
        if (!key.isValid()) {
            return; // its stream broke earlier in this round
        }
        try {
            if (key.isConnectable()) {
                state.connected();
            } else if (key.isReadable()) {
                read(state);
            }
        } catch (final IOException | RuntimeException e) {
            state.broke(e);
        }
    }

    private void read(final StreamState state) throws IOException {
        buffer.clear();
        final int n = state.channel.read(buffer);
        final long receivedMicros = EpochMicros.now();
        if (n < 0) {
            throw new IOException("the server ended the stream");
        }
        state.feed(buffer.array(), n, receivedMicros);
    }

    /** One stream: its connection, its response head until complete, then its SSE decoder. */
    private final class StreamState implements SseStreamDecoder.Handler {
        final int stream;
        final String topic;
        long dueNanos;
        SocketChannel channel;
        private SelectionKey key;
        private byte[] head = new byte[0];
        private SseStreamDecoder decoder;
        /** The last event id of the streams before, for {@code Last-Event-ID}. */
        private String lastEventId;

        StreamState(final int stream, final String topic) {
            this.stream = stream;
            this.topic = topic;
        }

        void connect() throws IOException {
            channel = SocketChannel.open();
            handshakes++; // from here disconnect() counts it back
            channel.configureBlocking(false);
            channel.socket().setTcpNoDelay(true);
            head = new byte[0];
            if (channel.connect(address)) {
                key = channel.register(selector, SelectionKey.OP_READ, this);
                sendRequest();
            } else {
                key = channel.register(selector, SelectionKey.OP_CONNECT, this);
            }
        }

        void connected() throws IOException {
            channel.finishConnect();
            key.interestOps(SelectionKey.OP_READ);
            sendRequest();
        }

        private void sendRequest() throws IOException {
            final String resume = lastEventId == null ? ""
                    : EventHandlerApi.LAST_EVENT_ID_HEADER + ": " + lastEventId + "\r\n";
            final String request = "GET " + EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION
                    + " HTTP/1.1\r\nHost: " + baseUri.getHost() + ":" + baseUri.getPort()
                    + "\r\nAccept: text/event-stream\r\n" + EventHandlerApi.EVENT_TYPE_HEADER + ": " + topic + "\r\n"
                    + resume + "\r\n";
            final ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.ISO_8859_1));
            // a few hundred bytes into an empty socket buffer: one write takes them
            channel.write(out);
            if (out.hasRemaining()) {
                throw new IOException("the request did not fit the socket buffer");
            }
        }

        /** Closes the connection, keeping the last event id for the next one. */
        void disconnect() {
            if (decoder != null) {
                final String id = decoder.lastEventId();
                if (id != null) {
                    lastEventId = id;
                }
                decoder = null;
                attached.decrementAndGet();
            } else if (channel != null) {
                handshakes--;
            }
            if (key != null) {
                key.cancel();
                key = null;
            }
            if (channel != null) {
                try {
                    channel.close();
                } catch (final IOException ignored) {
                    // closing anyway
                }
                channel = null;
            }
        }

        void broke(final Exception e) {
            disconnect();
            if (!closing) {
                listener.onTrouble(stream, "stream broke: " + e);
            }
        }

        void feed(final byte[] bytes, final int length, final long receivedMicros) throws IOException {
            if (decoder != null) {
                decoder.feed(bytes, 0, length, receivedMicros);
                return;
            }
            final byte[] joined = new byte[head.length + length];
            System.arraycopy(head, 0, joined, 0, head.length);
            System.arraycopy(bytes, 0, joined, head.length, length);
            final int end = headEnd(joined);
            if (end < 0) {
                head = joined;
                return;
            }
            final HttpReader.Head parsed = HttpReader.parse(new String(joined, 0, end, StandardCharsets.ISO_8859_1));
            if (parsed.status() != 200) {
                throw new IOException("subscription of " + topic + " answered HTTP " + parsed.status());
            }
            handshakes--;
            attached.incrementAndGet();
            decoder = new SseStreamDecoder(parsed.chunked(), this);
            head = null;
            if (joined.length > end + 4) {
                decoder.feed(joined, end + 4, joined.length - end - 4, receivedMicros);
            }
        }

        @Override
        public void onEvent(final String eventName, final byte[] data, final int length, final long receivedMicros) {
            if (EventHandlerApi.GAP_EVENT_NAME.equals(eventName)) {
                listener.onTrouble(stream, "gap notice");
                return;
            }
            final EventFields.Fields fields = EventFields.of(data, length);
            if (fields == null) {
                listener.onTrouble(stream, "unreadable event");
            } else {
                listener.onEvent(stream, fields.payload(), fields.timeStamp(), receivedMicros);
            }
        }
    }

    private static int headEnd(final byte[] bytes) {
        for (int i = 0; i + 3 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        closing = true;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // the thread has ended (or is stuck): the streams are no one else's now
        for (final StreamState state : streams) {
            state.disconnect();
        }
        try {
            selector.close();
        } catch (final IOException ignored) {
            // closing anyway
        }
    }
}
