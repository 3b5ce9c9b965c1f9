package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.PriorityWorkload;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.List;

/**
 * The workload's suppliers as a Flink source (the new source API; Flink 2 has dropped {@code SourceFunction}): its
 * one reader runs the benchmark's own {@code SupplierDriver}, with the same seed, so Flink gets the same payloads at
 * the same periods and phases as the engine. Run it with parallelism 1, like the paper's socket source. There is
 * nothing to split or to checkpoint: the enumerator assigns nothing and the reader needs no split.
 */
public final class SupplierSource implements Source<Item, SupplierSource.NoSplit, Void> {

    private static final long serialVersionUID = 1L;

    /** The split type Flink's API needs; never made. */
    public static final class NoSplit implements SourceSplit {
        @Override
        public String splitId() {
            return "suppliers";
        }
    }

    private final int high;
    private final int middle;
    private final int low;
    private final boolean tracked;
    private final long seed;

    public SupplierSource(final PriorityWorkload workload, final long seed) {
        this.high = workload.high();
        this.middle = workload.middle();
        this.low = workload.low();
        this.tracked = workload.tracked();
        this.seed = seed;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<Item, NoSplit> createReader(final SourceReaderContext context) {
        return new SupplierReader(new PriorityWorkload(high, middle, low).withTracking(tracked).streams(), seed);
    }

    @Override
    public SplitEnumerator<NoSplit, Void> createEnumerator(final SplitEnumeratorContext<NoSplit> context) {
        return new IdleEnumerator();
    }

    @Override
    public SplitEnumerator<NoSplit, Void> restoreEnumerator(final SplitEnumeratorContext<NoSplit> context,
                                                           final Void checkpoint) {
        return new IdleEnumerator();
    }

    @Override
    public SimpleVersionedSerializer<NoSplit> getSplitSerializer() {
        return new EmptySerializer<>(NoSplit::new);
    }

    @Override
    public SimpleVersionedSerializer<Void> getEnumeratorCheckpointSerializer() {
        return new EmptySerializer<>(() -> null);
    }

    /** Assigns nothing. */
    private static final class IdleEnumerator implements SplitEnumerator<NoSplit, Void> {
        @Override
        public void start() {
        }

        @Override
        public void handleSplitRequest(final int subtask, final String hostname) {
        }

        @Override
        public void addSplitsBack(final List<NoSplit> splits, final int subtask) {
        }

        @Override
        public void addReader(final int subtask) {
        }

        @Override
        public Void snapshotState(final long checkpointId) {
            return null;
        }

        @Override
        public void close() {
        }
    }

    /** Writes nothing, reads a fixed value. */
    private static final class EmptySerializer<T> implements SimpleVersionedSerializer<T> {
        private final java.util.function.Supplier<T> value;

        EmptySerializer(final java.util.function.Supplier<T> value) {
            this.value = value;
        }

        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(final T object) {
            return new byte[0];
        }

        @Override
        public T deserialize(final int version, final byte[] serialized) {
            return value.get();
        }
    }
}
