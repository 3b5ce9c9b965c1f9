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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Many plain SSE streams, one per topic, read by a single thread through a {@link Selector}. A thread per stream
 * (as {@link RawSseStream} has) costs a context switch per event, which on two shared cores would dominate an
 * experiment with thousands of topics; here one wake-up reads every stream that is ready. Streams are opened
 * before {@link #start()}; a broken stream is reported and not reopened.
 */
public final class SseSelectorReader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SseSelectorReader.class);

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
    private final Listener listener;
    private final Selector selector;
    private final Thread thread;
    private final List<SocketChannel> channels = new ArrayList<>();
    private final AtomicInteger attached = new AtomicInteger();
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private volatile boolean closing;

    /**
     * A reader.
     *
     * @param baseUri  the Event Handler, {@code http://host:port}
     * @param name     names the thread
     * @param listener receives the events
     */
    public SseSelectorReader(final URI baseUri, final String name, final Listener listener) throws IOException {
        this.baseUri = baseUri;
        this.listener = listener;
        this.selector = Selector.open();
        this.thread = new Thread(this::run, "sse-selector-" + name);
        this.thread.setDaemon(true);
    }

    /**
     * Connects a stream subscribed to {@code topic} and sends its request; its answer is read after {@link #start()}.
     *
     * @param stream the index the listener is told
     */
    public void open(final int stream, final String topic) throws IOException {
        final SocketChannel channel = SocketChannel.open(new InetSocketAddress(baseUri.getHost(), baseUri.getPort()));
        channel.socket().setTcpNoDelay(true);
        final String request = "GET " + EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + " HTTP/1.1\r\nHost: "
                + baseUri.getHost() + ":" + baseUri.getPort() + "\r\nAccept: text/event-stream\r\n"
                + EventHandlerApi.EVENT_TYPE_HEADER + ": " + topic + "\r\n\r\n";
        final ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.ISO_8859_1));
        while (out.hasRemaining()) {
            channel.write(out);
        }
        channel.configureBlocking(false);
        channel.register(selector, SelectionKey.OP_READ, new StreamState(stream));
        channels.add(channel);
    }

    /** Starts reading. */
    public void start() {
        thread.start();
    }

    /** Streams whose subscription was answered 200 so far. */
    public int attached() {
        return attached.get();
    }

    private void run() {
        try {
            while (!closing) {
                selector.select(200);
                for (final SelectionKey key : selector.selectedKeys()) {
                    // the instant of each read, not of the wake-up: a busy wake-up can take milliseconds to go round
                    read(key);
                }
                selector.selectedKeys().clear();
            }
        } catch (final IOException | RuntimeException e) {
            if (!closing) {
                LOG.warn("SSE selector stopped: {}", e.toString());
            }
        }
    }

    private void read(final SelectionKey key) {
        final StreamState state = (StreamState) key.attachment();
        final SocketChannel channel = (SocketChannel) key.channel();
        try {
            buffer.clear();
            final int n = channel.read(buffer);
            final long receivedMicros = EpochMicros.now();
            if (n < 0) {
                throw new IOException("the server ended the stream");
            }
            state.feed(buffer.array(), n, receivedMicros);
        } catch (final IOException | RuntimeException e) {
            key.cancel();
            if (!closing) {
                listener.onTrouble(state.stream, "stream broke: " + e);
            }
        }
    }

    /** One stream: its response head until complete, then its SSE decoder. */
    private final class StreamState implements SseStreamDecoder.Handler {
        final int stream;
        private byte[] head = new byte[0];
        private SseStreamDecoder decoder;

        StreamState(final int stream) {
            this.stream = stream;
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
                throw new IOException("subscription answered HTTP " + parsed.status());
            }
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
        for (final SocketChannel channel : channels) {
            try {
                channel.close();
            } catch (final IOException ignored) {
                // closing anyway
            }
        }
        try {
            selector.close();
        } catch (final IOException ignored) {
            // closing anyway
        }
    }
}
