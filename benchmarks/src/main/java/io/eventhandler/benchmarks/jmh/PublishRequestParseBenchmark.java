package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.publish.PublishValidator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The first two steps of the publish path on their own, to split {@link PublishPathBenchmark}'s score: parsing the
 * {@code EventPublishRequestDTO} JSON, and parsing plus Arrowhead validation (which parses the ISO-8601 stamp).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class PublishRequestParseBenchmark {

    private static final String ORIGIN = "/eventhandler/publish";

    private ObjectMapper mapper;
    private ObjectReader reader;
    private PublishValidator validator;
    private byte[] body;

    /** Builds the reader and validator. */
    @Setup(Level.Trial)
    public void setUp() {
        mapper = JsonMapper.create();
        reader = mapper.reader().forType(EventPublishRequestDTO.class);
        validator = new PublishValidator(120);
    }

    /** A body stamped now, so it stays within the validator's time tolerance. */
    @Setup(Level.Iteration)
    public void freshBody() {
        body = PublishBodies.create(mapper);
    }

    /**
     * JSON → {@code EventPublishRequestDTO}.
     *
     * @return the request
     * @throws IOException never for the benchmark's body
     */
    @Benchmark
    public EventPublishRequestDTO parse() throws IOException {
        return reader.readValue(body);
    }

    /**
     * JSON → {@code EventPublishRequestDTO} → validated draft.
     *
     * @return the draft
     * @throws IOException never for the benchmark's body
     */
    @Benchmark
    public EventDraft parseAndValidate() throws IOException {
        return validator.validate(reader.readValue(body), ORIGIN);
    }

    /**
     * Runs this benchmark from an IDE.
     *
     * @param args ignored
     * @throws RunnerException when JMH fails
     */
    public static void main(final String[] args) throws RunnerException {
        new Runner(new OptionsBuilder().include(PublishRequestParseBenchmark.class.getSimpleName()).build()).run();
    }
}
