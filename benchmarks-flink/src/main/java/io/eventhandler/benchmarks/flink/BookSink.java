package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.runtime.DerivedEventSink;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The consumers: hands each derived event to the {@link DerivedEventSink} registered under a name in this JVM (the
 * benchmark's latency book, or a test's list), as the engine hands its results to its sink. Flink copies a sink by
 * serialization, so the writer finds its target by name in a JVM-wide registry; the job runs on a MiniCluster in the
 * registering JVM, so the name resolves there. Register before the job starts, remove after it ends.
 */
public final class BookSink implements Sink<Item> {

    private static final long serialVersionUID = 1L;
    private static final Map<String, DerivedEventSink> TARGETS = new ConcurrentHashMap<>();

    private final String name;

    public BookSink(final String name) {
        this.name = name;
    }

    public static void register(final String name, final DerivedEventSink target) {
        TARGETS.put(name, target);
    }

    public static void remove(final String name) {
        TARGETS.remove(name);
    }

    @Override
    public SinkWriter<Item> createWriter(final WriterInitContext context) {
        final DerivedEventSink target = TARGETS.get(name);
        if (target == null) {
            throw new IllegalStateException("no sink registered as " + name + " in this JVM");
        }
        return new SinkWriter<>() {
            @Override
            public void write(final Item derived, final Context ctx) {
                target.accept(derived.key, derived.payload, derived.tbMicros, Long.MAX_VALUE, false);
            }

            @Override
            public void flush(final boolean endOfInput) {
            }

            @Override
            public void close() {
            }
        };
    }
}
