package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.subscription.EventFilter;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The server's publish hot path without the network, as {@code PublishHandler} runs it: parse the
 * {@code EventPublishRequestDTO} body, validate it as Arrowhead does, and let the broker accept it (encode the
 * {@code EventDTO} once, number it, store it in the topic history, queue it to each of N subscribers).
 *
 * <pre>
 *   body ─► parse ─► validate ─► Broker.accept ─► outbox 1..N ─► no-op sink
 * </pre>
 *
 * The drains the publish starts run on the benchmark thread after the accept ({@link PublishPath}), into sinks that
 * complete at once: the score includes the hand-off to N subscribers but no socket writes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class PublishPathBenchmark {

    /** Subscribers attached to the benchmark's event type. */
    @Param({"0", "1", "10"})
    public int subscribers;

    private PublishPath path;
    private ObjectMapper mapper;
    private byte[] body;

    /** Builds the broker and attaches the subscribers. */
    @Setup(Level.Trial)
    public void setUp() {
        mapper = JsonMapper.create();
        path = new PublishPath(mapper, new BrokerSettings(1024, 8192, 256));
        for (int i = 0; i < subscribers; i++) {
            path.broker().subscribe(new SubscribeRequest(PublishBodies.EVENT_TYPE, "subscriber-" + i, "benchmark sink " + i,
                    EventFilter.ALL, new NoOpSink(), -1));
        }
    }

    /** A body stamped now, so it stays within the validator's time tolerance. */
    @Setup(Level.Iteration)
    public void freshBody() {
        body = PublishBodies.create(mapper);
    }

    /** Closes the subscribers. */
    @TearDown(Level.Trial)
    public void tearDown() {
        path.close();
    }

    /**
     * Parse + validate + accept + hand-off.
     *
     * @return the accepted event
     * @throws IOException never for the benchmark's body
     */
    @Benchmark
    public Event publish() throws IOException {
        return path.publish(body);
    }

    /**
     * Runs this benchmark from an IDE.
     *
     * @param args ignored
     * @throws RunnerException when JMH fails
     */
    public static void main(final String[] args) throws RunnerException {
        new Runner(new OptionsBuilder().include(PublishPathBenchmark.class.getSimpleName()).build()).run();
    }
}
