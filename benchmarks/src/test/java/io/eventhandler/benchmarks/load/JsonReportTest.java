package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportTest {

    @Test
    void shouldWriteEnvironmentOptionsAndRunsInSnakeCase(@TempDir final Path dir) throws Exception {
        final EnvironmentInfo env = new EnvironmentInfo("2024-01-01T00:00:00Z", "cpu", 4, "os", "jvm", 512, "java x");
        final LoadOptions options = OptionsParser.parse("--preset", "A");
        final LatencySummary latency = new LatencySummary(10, 1.5, 1, 2, 3, 4, 5);
        final RunResult run = new RunResult(1, true, null, List.of("t0"),
                new PublishSummary(1, 10, 10, 0, 0, 1.0, 10.0, latency, null),
                new DeliverySummary(10, 10, 10, 0, 0, 0, 0, true, 1.0, 10.0, latency, null),
                List.of(new PublisherLine(0, "t0", 10, 10, 0, false, null)),
                List.of(new SubscriberResult("sse-0", 10, 10, 10, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1, 2, latency)),
                List.of(), new ServerUsage(20_000, 2000.0, true, 64.5));
        final Path file = dir.resolve("sub/report.json");
        new JsonReport().write(file, env, options, "http://127.0.0.1:8455", List.of(run));

        final JsonNode root = new ObjectMapper().readTree(Files.readString(file));
        assertEquals(4, root.path("environment").path("cores").asInt());
        assertEquals(512, root.path("environment").path("max_heap_mb").asInt());
        assertEquals("A", root.path("options").path("preset").asText());
        assertEquals(2000, root.path("options").path("events_per_publisher").asInt());
        final JsonNode first = root.path("runs").get(0);
        assertTrue(first.path("completed").asBoolean());
        assertEquals(10.0, first.path("publish").path("events_per_second").asDouble());
        assertEquals(3.0, first.path("delivery").path("end_to_end").path("p99_ms").asDouble());
        assertEquals(4.0, first.path("delivery").path("end_to_end").path("p999_ms").asDouble());
        assertEquals(0, first.path("subscribers").get(0).path("lost").asInt());
        assertEquals(5, first.path("subscribers").get(0).path("warmup_received").asInt());
        assertEquals(2000.0, first.path("server").path("cpu_micros_per_delivery").asDouble());
        assertEquals(64.5, first.path("server").path("peak_rss_mib").asDouble());
        assertTrue(first.path("server").path("cpu_per_thread").asBoolean());
    }
}
