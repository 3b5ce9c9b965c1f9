package io.eventhandler.server.calibration;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ExperimentalConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With {@code eh.calibration.enabled}, every stage of every delivered event is in the file written at stop. */
class CalibrationRecordingTest {

    @TempDir
    Path dir;

    @Test
    void everyPublishedAndDeliveredEventHasItsThreeStagesInTheFile() throws IOException {
        final Path file = dir.resolve("stages.csv");
        final int events = 40;
        final EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:calibration-" + System.nanoTime(),
                ExperimentalConfiguration.CALIBRATION_ENABLED.key(), "true",
                ExperimentalConfiguration.CALIBRATION_FILE.key(), file.toString())));
        try {
            final String topic = uniqueTopic("calibration");
            final EhHttp http = new EhHttp(server.baseUri());
            try (SseTestClient client = SseTestClient.open(server.baseUri(), topic)) {
                for (int i = 0; i < events; i++) {
                    http.publishOk(topic, "p" + i);
                }
                eventually().until(() -> client.payloads().size() >= events);
            }
        } finally {
            server.close();
        }
        final List<String> lines = Files.readAllLines(file);
        assertEquals("stage,ms", lines.get(0));
        for (final String stage : List.of("accept", "wait", "write")) {
            final List<Double> values = lines.stream().filter(l -> l.startsWith(stage + ","))
                    .map(l -> Double.parseDouble(l.split(",")[1])).toList();
            assertEquals(events, values.size(), stage);
            assertTrue(values.stream().allMatch(v -> v >= 0 && v < 10_000), stage + " " + values);
        }
    }

    @Test
    void offByDefaultRecordsNothing() {
        assertEquals(0, StageRecorder.NONE.received());
        final StageSampler recorder = new StageSampler(); // not started
        final long received = recorder.received();
        recorder.accepted(received, 1);
        recorder.taken(1, 2);
        recorder.written(1, 3);
        assertEquals(0, received);
        assertEquals("accept 0, wait 0, write 0", recorder.counts());
    }

    @Test
    void withoutCalibrationTheServerHandsOutTheRecorderThatRecordsNothing() {
        assertSame(StageRecorder.NONE, CalibrationSession.begin(ServerConfiguration.fromMap(Map.of()).experimental().calibration())
                .recorder());
    }

    @Test
    void keepsTheLatestSamplesOldestFirst() throws IOException {
        final StageSampler recorder = new StageSampler();
        recorder.start(3);
        // waits of 1..5 ms: the ring keeps 3, 4 and 5
        for (int ms = 1; ms <= 5; ms++) {
            recorder.taken(0, ms * 1_000_000L);
        }
        recorder.stop();
        final java.io.StringWriter out = new java.io.StringWriter();
        recorder.writeCsv(out);
        final List<Double> waits = out.toString().lines().filter(l -> l.startsWith("wait,"))
                .map(l -> Double.parseDouble(l.split(",")[1])).toList();
        assertEquals(List.of(3.0, 4.0, 5.0), waits);
        assertEquals("accept 0, wait 5, write 0", recorder.counts());
    }

    @Test
    void keepsAtMostTheConfiguredSamplesAndSharesABatchWriteAmongItsEvents() throws IOException {
        final StageSampler recorder = new StageSampler();
        recorder.start(2);
        for (int i = 0; i < 3; i++) {
            recorder.accepted(recorder.received(), 1);
        }
        recorder.written(System.nanoTime() - 4_000_000, 4);
        recorder.stop();
        final java.io.StringWriter out = new java.io.StringWriter();
        recorder.writeCsv(out);
        final List<String> lines = out.toString().lines().toList();
        assertEquals(2, lines.stream().filter(l -> l.startsWith("accept,")).count());
        final List<Double> writes = lines.stream().filter(l -> l.startsWith("write,"))
                .map(l -> Double.parseDouble(l.split(",")[1])).toList();
        assertEquals(2, writes.size(), "4 offered, 2 kept");
        assertTrue(writes.stream().allMatch(v -> v >= 1.0 && v < 100), "each event's share of ≥ 4 ms: " + writes);
    }
}
