package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.subscription.EventFilter;
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

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The claim "publish cost independent of the number of topics", without the network: the {@link PublishPath}
 * (parse, validate, accept, hand-off to the topic's {@code perTopic} subscribers), each call on the next of
 * {@code topics} topics in turn. With 10,000 topics every call meets a topic, history and subscribers that are cold
 * in the caches; the end-to-end scale run adds the socket of each.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class TopicCountBenchmark {

    /** Topics published to in turn. */
    @Param({"10", "10000"})
    public int topics;

    /** Subscribers of each topic. */
    @Param({"1"})
    public int perTopic;

    /**
     * Events each topic keeps for replay. At the server's default (1,024) 10,000 topics keep up to 10 M events, and
     * the score is the garbage collector's: the history's memory bound, not the publish path's cost.
     */
    @Param({"16"})
    public int history;

    private PublishPath path;
    private ObjectMapper mapper;
    private byte[][] bodies;
    private int next;

    /** Builds the broker with {@code perTopic} subscribers per topic. */
    @Setup(Level.Trial)
    public void setUp() {
        mapper = JsonMapper.create();
        path = new PublishPath(mapper, new BrokerSettings(history, 8192, 256));
        for (int t = 0; t < topics; t++) {
            for (int k = 0; k < perTopic; k++) {
                path.broker().subscribe(new SubscribeRequest(topic(t), "subscriber-" + t + "-" + k,
                        "benchmark sink " + t + "-" + k, EventFilter.ALL, new NoOpSink(), -1));
            }
        }
    }

    private static String topic(final int t) {
        return "topic_" + t;
    }

    /** Bodies stamped now, so that they stay within the validator's time tolerance. */
    @Setup(Level.Iteration)
    public void freshBodies() {
        bodies = new byte[topics][];
        for (int t = 0; t < topics; t++) {
            bodies[t] = PublishBodies.create(mapper, topic(t));
        }
    }

    /** Closes the subscribers. */
    @TearDown(Level.Trial)
    public void tearDown() {
        path.close();
    }

    /**
     * Parse + validate + accept + hand-off, on the next topic.
     *
     * @return the accepted event
     * @throws IOException never for the benchmark's bodies
     */
    @Benchmark
    public Event publish() throws IOException {
        final byte[] body = bodies[next];
        next = next + 1 == topics ? 0 : next + 1;
        return path.publish(body);
    }
}
