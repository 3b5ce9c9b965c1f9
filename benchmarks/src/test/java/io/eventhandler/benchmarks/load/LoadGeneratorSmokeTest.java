package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs tiny loads end to end against an Event Handler embedded in the test JVM. */
@Timeout(120)
class LoadGeneratorSmokeTest {

    @TempDir
    Path dir;

    @Test
    void shouldRunATinyPresetOverSseWithoutLoss() throws Exception {
        final JsonNode run = runOk("--embedded", "--preset", "A", "--events", "200", "--warmup", "50");
        assertEquals(200, run.path("publish").path("acknowledged").asInt());
        assertDelivered(run, 200);
        assertTrue(run.path("delivery").path("end_to_end").path("count").asInt() == 200);
        assertTrue(run.path("delivery").path("from_schedule").isNull());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sse", "webhook"})
    void shouldRunWithTheClientLibraryToo(final String mode) throws Exception {
        final JsonNode run = runOk("--embedded", "--client", "skeleton", "--mode", mode, "--publishers", "2",
                "--subscribers", "2", "--events", "100", "--warmup", "20");
        assertDelivered(run, 200);
    }

    @Test
    void shouldRunSeveralPublishersTopicsAndWebhookSubscribersWithoutLoss() throws Exception {
        final JsonNode run = runOk("--embedded", "--mode", "webhook", "--publishers", "2", "--subscribers", "2",
                "--topics", "2", "--events", "100", "--warmup", "20");
        assertEquals(2, run.path("topics").size());
        assertDelivered(run, 200);
        assertEquals(2, run.path("subscribers").size());
    }

    @Test
    void shouldPaceAndReportCorrectedLatencies() throws Exception {
        final JsonNode run = runOk("--embedded", "--rate", "2000", "--events", "200", "--warmup", "20",
                "--subscribers", "2");
        assertDelivered(run, 200);
        assertFalse(run.path("publish").path("latency_corrected").isNull());
        assertFalse(run.path("delivery").path("from_schedule").isNull());
    }

    @Test
    void shouldRunForADuration() throws Exception {
        final JsonNode run = runOk("--embedded", "--duration", "300ms", "--rate", "500", "--warmup", "10");
        final int acknowledged = run.path("publish").path("acknowledged").asInt();
        assertTrue(acknowledged > 50 && acknowledged <= 152, "acknowledged " + acknowledged);
        assertDelivered(run, acknowledged);
    }

    @Test
    void shouldRepeatRuns() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final Path json = dir.resolve("runs.json");
        assertEquals(0, LoadGenerator.run(args("--embedded", "--events", "50", "--warmup", "0", "--runs", "2",
                "--json", json.toString()), print(out), print(new ByteArrayOutputStream())));
        assertEquals(2, new ObjectMapper().readTree(json.toFile()).path("runs").size());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("## run 2"));
    }

    @Test
    void shouldFailWithExitOneWhenTheTargetIsUnreachable() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = LoadGenerator.run(args("--url", "http://127.0.0.1:1", "--events", "10"), print(out),
                print(new ByteArrayOutputStream()));
        assertEquals(LoadGenerator.EXIT_INCOMPLETE, code);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("INCOMPLETE"));
    }

    @Test
    void shouldFailWithExitTwoOnAUsageError() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(LoadGenerator.EXIT_USAGE, LoadGenerator.run(args("--url", "http://192.168.0.9:8455"),
                print(new ByteArrayOutputStream()), print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--allow-remote"));
    }

    private JsonNode runOk(final String... options) throws Exception {
        final Path json = dir.resolve("report.json");
        final List<String> all = new ArrayList<>(List.of(options));
        all.addAll(List.of("--json", json.toString(), "--fail-on-loss"));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = LoadGenerator.run(all.toArray(String[]::new), print(out), print(new ByteArrayOutputStream()));
        assertEquals(0, code, () -> out.toString(StandardCharsets.UTF_8));
        final JsonNode run = new ObjectMapper().readTree(json.toFile()).path("runs").get(0);
        assertTrue(run.path("completed").asBoolean());
        return run;
    }

    private static void assertDelivered(final JsonNode run, final int perSubscriber) {
        final JsonNode delivery = run.path("delivery");
        assertEquals(0, delivery.path("lost").asInt());
        assertEquals(0, delivery.path("duplicates").asInt());
        assertTrue(delivery.path("drained").asBoolean());
        for (final JsonNode subscriber : run.path("subscribers")) {
            assertEquals(perSubscriber, subscriber.path("unique").asInt(), subscriber.toString());
            assertEquals(0, subscriber.path("lost").asInt());
            assertEquals(0, subscriber.path("out_of_order").asInt());
        }
    }

    private static String[] args(final String... args) {
        return args;
    }

    private static PrintStream print(final ByteArrayOutputStream out) {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }
}
