package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.server.publish.EventDtoEncoder;
import io.eventhandler.server.publish.PublishValidator;
import io.eventhandler.server.sse.SseFramingFixture;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a delivery thread does to write a batch to one SSE stream, without the socket: the server's own stream sink
 * frames {@code batch} events (the {@code EventDTO} JSON encoded once at acceptance, {@value PublishBodies#PAYLOAD_BYTES}
 * bytes of payload) as {@code id:} and {@code data:} lines into one array sized for the batch, and hands it to an
 * output that only counts it. {@code batch} 1 is a stream that keeps up; 32 is a worker that fell behind and merges
 * ({@code eh.delivery.merge.max}). {@code gap} frames one gap notice ({@code event: gap}, its JSON written by Jackson
 * each time). Scores are per batch.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SseFramingBenchmark {

    private SseFramingFixture stream;
    private List<OutboxItem> gap;

    /** {@code batch} accepted events as the broker hands them over. */
    @State(Scope.Thread)
    public static class Batch {

        /** Events in one write. */
        @Param({"1", "32"})
        public int batch;

        List<OutboxItem> events;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            final ObjectMapper mapper = JsonMapper.create();
            final EventDraft draft = new PublishValidator(120).validate(mapper.readValue(
                    PublishBodies.create(mapper), EventPublishRequestDTO.class), "/eventhandler/publish");
            final byte[] encoded = new EventDtoEncoder(mapper).encode(draft);
            final List<OutboxItem> items = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) {
                items.add(new Event(PublishBodies.EVENT_TYPE, 1_000_000L + i, draft, encoded, System.nanoTime()));
            }
            events = List.copyOf(items);
        }
    }

    /** One stream, its retry hint sent. */
    @Setup(Level.Trial)
    public void setUp() {
        stream = new SseFramingFixture(JsonMapper.create(), PublishBodies.EVENT_TYPE);
        gap = List.of(new Gap(PublishBodies.EVENT_TYPE, 17, 42, Gap.Reason.OVERFLOW));
    }

    /** {@code batch} events framed and written as one array. */
    @Benchmark
    public long events(final Batch b) {
        return stream.deliver(b.events);
    }

    /** One gap notice framed and written. */
    @Benchmark
    public long gap() {
        return stream.deliver(gap);
    }
}
