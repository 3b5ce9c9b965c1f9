package io.eventhandler.client.history;

import io.eventhandler.api.GapNotice;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.EventSubscriber;
import io.eventhandler.client.ReceivedEvent;
import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequence numbers are unique within one numbering only: a real Event Handler process killed (SIGKILL) and started
 * again numbers from 1 (memory history) or above what it had stored (durable history). A subscriber that resumes
 * with an id of the run before must be told (a reset notice) and get every event the new run holds, never skip the
 * ones whose numbers its old id has passed.
 */
class NumberingRestartTest {

    private static final String TOPIC = "numbering.test";

    private static Map<String, String> settings(final int port, final String mode, final Path dir) {
        final Map<String, String> settings = new HashMap<>();
        settings.put("server.port", Integer.toString(port));
        settings.put("eh.store.url", "jdbc:h2:mem:numbering");
        settings.put("eh.history.mode", mode);
        if ("DURABLE".equals(mode)) {
            settings.put("eh.history.dir", dir.resolve("history").toString());
        }
        return settings;
    }

    private static void publish(final ServerProcess server, final String prefix, final int count) {
        for (int i = 1; i <= count; i++) {
            final HttpResponse<String> response = server.send("POST", "/eventhandler/publish",
                    "{\"eventType\":\"" + TOPIC + "\",\"source\":{\"systemName\":\"numbering-publisher\","
                            + "\"address\":\"127.0.0.1\",\"port\":9100},\"payload\":\"" + prefix + i + "\"}");
            assertEquals(200, response.statusCode(), response::body);
        }
    }

    /** A subscriber's record of what it got. */
    private static final class Recorder implements EventListener {
        final List<String> payloads = new CopyOnWriteArrayList<>();
        final List<GapNotice> gaps = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(final ReceivedEvent event) {
            payloads.add(event.event().payload());
        }

        @Override
        public void onGap(final GapNotice gap) {
            gaps.add(gap);
        }
    }

    /** Subscribe live, take {@code count} events, and return the id to resume from. */
    private static String takeAndLeave(final ServerProcess server, final int count, final String prefix) {
        final Recorder recorder = new Recorder();
        try (EventSubscriber subscriber = EventSubscriber.builder(server.baseUri(), TOPIC).listener(recorder)
                .reconnectDelay(Duration.ofMillis(50)).start()) {

            Awaitility.await("stream open").atMost(Duration.ofSeconds(20)).until(subscriber::isConnected);
            publish(server, prefix, count);
            Awaitility.await("first run's events").atMost(Duration.ofSeconds(20))
                    .until(() -> recorder.payloads.size() == count);
            return subscriber.lastEventIdText();
        }
    }

    private static List<String> payloads(final String prefix, final int from, final int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> prefix + i).toList();
    }

    @Test
    void aResumeFromTheRunBeforeARestartInMemoryModeIsToldOfTheResetAndGetsEveryNewEvent(@TempDir final Path dir) {
        final int port = ServerProcess.freePorts(1)[0];
        final String oldId;
        try (ServerProcess first = ServerProcess.start(dir, "first", settings(port, "MEMORY", dir))) {
            oldId = takeAndLeave(first, 10, "old-");
            first.kill();
        }
        assertTrue(oldId.endsWith("-10"), oldId);
        try (ServerProcess second = ServerProcess.start(dir, "second", settings(port, "MEMORY", dir))) {
            publish(second, "new-", 30); // numbered 1..30: the old id's number 10 is passed
            final Recorder recorder = new Recorder();
            try (EventSubscriber subscriber = EventSubscriber.builder(second.baseUri(), TOPIC).listener(recorder)
                    .reconnectDelay(Duration.ofMillis(50)).resumeFrom(oldId).start()) {

                Awaitility.await("every event of the new run").atMost(Duration.ofSeconds(20))
                        .until(() -> recorder.payloads.size() >= 30);
                assertEquals(payloads("new-", 1, 30), recorder.payloads, "none skipped, none twice");
                assertEquals(1, recorder.gaps.size(), recorder.gaps::toString);
                assertEquals(GapNotice.REASON_RESET, recorder.gaps.get(0).reason());
                assertEquals(10, recorder.gaps.get(0).lastMissingId(), "the notice names the id resumed from");
                assertEquals(1, subscriber.resetsSeen());
                assertNotEquals(oldId.substring(0, oldId.lastIndexOf('-')),
                        subscriber.lastEventIdText().substring(0, subscriber.lastEventIdText().lastIndexOf('-')),
                        "the new run numbers in a numbering of its own");
                publish(second, "live-", 3);
                Awaitility.await("live events after the replay").atMost(Duration.ofSeconds(20))
                        .until(() -> recorder.payloads.size() == 33);
            }
            final String metrics = second.get("/eventhandler/metrics").body();
            assertTrue(metrics.contains("eh_numbering_resets_total 1.0"), "the reset is counted");
        }
    }

    @Test
    void aDurableRestartKeepsStoredNumbersAndResetsOnlyAResumeBeyondThem(@TempDir final Path dir) {
        final int port = ServerProcess.freePorts(1)[0];
        final String oldId;
        try (ServerProcess first = ServerProcess.start(dir, "first", settings(port, "DURABLE", dir))) {
            oldId = takeAndLeave(first, 10, "old-");
            Awaitility.await("all 10 committed").atMost(Duration.ofSeconds(20)).until(() ->
                    first.get("/eventhandler/mgmt/history").body().replace(" ", "").contains("\"written\":10"));
            first.kill();
        }
        final String oldNumbering = oldId.substring(0, oldId.lastIndexOf('-'));
        try (ServerProcess second = ServerProcess.start(dir, "second", settings(port, "DURABLE", dir))) {
            publish(second, "new-", 5); // numbered 11..15
            // stored numbers are the same events in both numberings: resumed as if nothing happened
            final Recorder kept = new Recorder();
            try (EventSubscriber subscriber = EventSubscriber.builder(second.baseUri(), TOPIC).listener(kept)
                    .reconnectDelay(Duration.ofMillis(50)).resumeFrom(oldNumbering + "-8").start()) {

                Awaitility.await("the rest").atMost(Duration.ofSeconds(20)).until(() -> kept.payloads.size() >= 7);
                assertEquals(List.of("old-9", "old-10", "new-1", "new-2", "new-3", "new-4", "new-5"),
                        kept.payloads);
                assertEquals(List.of(), kept.gaps);
            }
            // an id above what was stored (an uncommitted tail the crash lost): its numbers were given again
            final Recorder reset = new Recorder();
            try (EventSubscriber subscriber = EventSubscriber.builder(second.baseUri(), TOPIC).listener(reset)
                    .reconnectDelay(Duration.ofMillis(50)).resumeFrom(oldNumbering + "-13").start()) {

                Awaitility.await("the new run's events").atMost(Duration.ofSeconds(20))
                        .until(() -> reset.payloads.size() >= 5);
                assertEquals(payloads("new-", 1, 5), reset.payloads, "11..15 of the new run, none skipped");
                assertEquals(1, reset.gaps.size(), reset.gaps::toString);
                assertEquals(GapNotice.REASON_RESET, reset.gaps.get(0).reason());
                assertEquals(11, reset.gaps.get(0).firstMissingId());
            }
        }
    }
}
