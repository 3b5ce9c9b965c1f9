package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.StreamSpec;
import io.eventhandler.benchmarks.engine.SupplierDriver;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.core.io.InputStatus;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The supplier timer hands each event to a queue and wakes the source task; the task emits it. The creation time is
 * taken on the timer, as for the engine, so the hand-over to Flink counts in the latency.
 */
final class SupplierReader implements SourceReader<Item, SupplierSource.NoSplit> {

    private final List<StreamSpec> streams;
    private final long seed;
    private final ConcurrentLinkedQueue<Item> queue = new ConcurrentLinkedQueue<>();
    private final Object lock = new Object();
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private SupplierDriver driver;

    SupplierReader(final List<StreamSpec> streams, final long seed) {
        this.streams = streams;
        this.seed = seed;
    }

    @Override
    public void start() {
        driver = new SupplierDriver(this::enqueue, streams, 0, Clocks::micros, seed);
    }

    private void enqueue(final String topic, final String payload, final long createdMicros) {
        queue.add(new Item(topic, -1, createdMicros, payload));
        synchronized (lock) {
            available.complete(null);
        }
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<Item> output) {
        final Item next = queue.poll();
        if (next == null) {
            return InputStatus.NOTHING_AVAILABLE;
        }
        output.collect(next);
        return queue.isEmpty() ? InputStatus.NOTHING_AVAILABLE : InputStatus.MORE_AVAILABLE;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        synchronized (lock) {
            if (!queue.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            if (available.isDone()) {
                available = new CompletableFuture<>();
            }
            return available;
        }
    }

    @Override
    public List<SupplierSource.NoSplit> snapshotState(final long checkpointId) {
        return List.of();
    }

    @Override
    public void addSplits(final List<SupplierSource.NoSplit> splits) {
    }

    @Override
    public void notifyNoMoreSplits() {
    }

    @Override
    public void close() throws InterruptedException {
        if (driver != null) {
            driver.close();
        }
    }
}
