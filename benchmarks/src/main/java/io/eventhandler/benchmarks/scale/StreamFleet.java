package io.eventhandler.benchmarks.scale;

import io.eventhandler.benchmarks.load.SseSelectorReader;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The experiment's SSE streams, spread over a few {@link SseSelectorReader}s (stream {@code s} on reader
 * {@code s % readers}), all accounted in one {@link StreamBook}. Streams are added in steps and numbered in the order
 * they were opened.
 */
final class StreamFleet implements AutoCloseable {

    private final List<SseSelectorReader> readers = new ArrayList<>();
    private final StreamBook book;
    private int opened;

    StreamFleet(final URI baseUri, final int readerCount, final int maxStreams) throws IOException {
        this.book = new StreamBook(maxStreams);
        for (int r = 0; r < readerCount; r++) {
            final SseSelectorReader reader = new SseSelectorReader(baseUri, Integer.toString(r), book.listener());
            readers.add(reader);
            reader.start();
        }
    }

    StreamBook book() {
        return book;
    }

    /** Streams opened so far. */
    int opened() {
        return opened;
    }

    /** Opens one stream on {@code topic}; returns its number. */
    int open(final String topic) {
        final int stream = opened++;
        readers.get(stream % readers.size()).open(stream, topic);
        return stream;
    }

    int attached() {
        return readers.stream().mapToInt(SseSelectorReader::attached).sum();
    }

    /**
     * Waits until every stream opened is attached.
     *
     * @return how long it took, ms
     * @throws IllegalStateException when they were not attached in time
     */
    long awaitAttached(final Duration timeout) throws InterruptedException {
        final long start = System.nanoTime();
        final long deadline = start + timeout.toNanos();
        while (attached() < opened) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + attached() + " of " + opened + " streams attached within "
                        + timeout.toSeconds() + " s");
            }
            Thread.sleep(10);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Every reader closes all its streams at once and reopens them with {@code Last-Event-ID} over {@code spread}. */
    void reconnectAll(final Duration spread) {
        readers.forEach(r -> r.reconnectAll(spread));
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        readers.forEach(SseSelectorReader::close);
    }
}
