package io.eventhandler.client.failover;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * FRAME's fault experiment on loopback: two Event Handler processes as primary and backup, a publisher and an SSE
 * subscriber per topic category of Table 3.2, and the primary killed with SIGKILL in the middle of the stream. Per
 * topic the longest run of consecutive losses must stay within L, and topics with L = 0 lose nothing. Repeated
 * {@code eh.failover.rounds} times (5 by default; the benchmark runs 50). The second test restarts the killed
 * primary, which must rejoin as backup, and kills the new primary: the failover back must keep the same promise.
 */
class FailoverKillTest {

    private static final Logger LOG = LoggerFactory.getLogger(FailoverKillTest.class);
    private static final int ROUNDS = Integer.getInteger("eh.failover.rounds", 5);
    private static final Duration BEFORE_KILL = Duration.ofMillis(Long.getLong("eh.failover.before.ms", 1_500));
    private static final Duration AFTER_KILL = Duration.ofMillis(Long.getLong("eh.failover.after.ms", 1_500));
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void killingThePrimaryMidStreamLosesNoMoreThanEachTopicTolerates(@TempDir final Path dir) throws Exception {
        final List<Double> failovers = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            try (ProcessPair pair = new ProcessPair(Files.createDirectories(dir.resolve("round-" + round)))) {
                pair.start(0);
                pair.start(1);
                final Map<PaperCategory, CategoryStream> streams = streams(pair);
                try {
                    stream(BEFORE_KILL);
                    pair.kill(0);
                    failovers.add(awaitTakeOver(pair, 1));
                    stream(AFTER_KILL);
                    finish(pair, streams, "round " + round);
                } finally {
                    streams.values().forEach(CategoryStream::close);
                }
            }
        }
        failovers.sort(Double::compare);
        LOG.info("failover times over {} rounds (ms, sorted): {}", ROUNDS, failovers);
    }

    @Test
    void theKilledPrimaryRejoinsAsBackupAndASecondFailoverBackKeepsThePromise(@TempDir final Path dir)
            throws Exception {
        try (ProcessPair pair = new ProcessPair(dir)) {
            pair.start(0);
            pair.start(1);
            final Map<PaperCategory, CategoryStream> streams = streams(pair);
            try {
                stream(BEFORE_KILL);
                pair.kill(0);
                awaitTakeOver(pair, 1);
                pair.start(0); // configured primary, but B serves now: it must stand by
                await("A rejoins as B's backup").atMost(WAIT).until(() -> pair.primaryWithBackup(1));
                final JsonNode rejoined = pair.replication(0);
                assertEquals("BACKUP", rejoined.get("role").asText());
                assertEquals(1, rejoined.get("epoch").asLong(), "A learned B's epoch");
                stream(AFTER_KILL);
                pair.kill(1);
                awaitTakeOver(pair, 0);
                assertEquals(2, pair.replication(0).get("epoch").asLong());
                stream(AFTER_KILL);
                finish(pair, streams, "two failovers");
            } finally {
                streams.values().forEach(CategoryStream::close);
            }
        }
    }

    private static Map<PaperCategory, CategoryStream> streams(final ProcessPair pair) {
        await("A primary with B as backup").atMost(WAIT).until(() -> pair.primaryWithBackup(0));
        for (final PaperCategory category : PaperCategory.values()) {
            pair.configure(category, 0);
        }
        await("QoS mirrored to B").atMost(WAIT).until(() -> {
            final String qos = pair.get(1).get("/eventhandler/mgmt/qos").body();
            for (final PaperCategory category : PaperCategory.values()) {
                if (!qos.contains(category.topic().toUpperCase(java.util.Locale.ROOT))) {
                    return false;
                }
            }
            return true;
        });
        final Map<PaperCategory, CategoryStream> streams = new EnumMap<>(PaperCategory.class);
        for (final PaperCategory category : PaperCategory.values()) {
            streams.put(category, new CategoryStream(category, pair.instances(), Duration.ofSeconds(20)));
        }
        await("subscribers connected").atMost(WAIT)
                .until(() -> streams.values().stream().allMatch(CategoryStream::connected));
        streams.values().forEach(CategoryStream::startPublishing);
        return streams;
    }

    /** Let the publishers run; the test thread only waits (no condition: this is the stream's duration). */
    private static void stream(final Duration duration) throws InterruptedException {
        Thread.sleep(duration.toMillis());
    }

    /** Wait until {@code which} serves as primary; returns its measured failover time (ms). */
    private static double awaitTakeOver(final ProcessPair pair, final int which) {
        await("take-over").atMost(WAIT).until(() -> {
            final JsonNode view = pair.replication(which);
            return view != null && view.get("serving").asBoolean() && view.get("promotions").asLong() > 0;
        });
        return pair.replication(which).get("lastFailoverMs").asDouble();
    }

    private static void finish(final ProcessPair pair, final Map<PaperCategory, CategoryStream> streams,
                               final String what) throws InterruptedException {
        for (final CategoryStream stream : streams.values()) {
            stream.stopPublishing();
        }
        try {
            await("last events delivered").atMost(WAIT).until(() -> streams.values().stream()
                    .filter(s -> s.category().lossTolerance != null && s.category().lossTolerance == 0)
                    .allMatch(CategoryStream::receivedLast));
        } catch (final RuntimeException e) {
            fail(what + ": " + report(streams) + "\n" + pair.logs(), e);
        }
        for (final CategoryStream stream : streams.values()) {
            final Integer tolerance = stream.category().lossTolerance;
            assertEquals(stream.distinct(), stream.deliveries(), () -> what + ": every event once: " + report(streams));
            assertTrue(stream.published() > 0, what + ": " + stream.category() + " published nothing");
            if (tolerance != null) {
                assertTrue(stream.longestLossRun() <= tolerance, () -> what + ": " + stream.category()
                        + " lost a run of " + stream.longestLossRun() + " > L = " + tolerance + "; "
                        + report(streams) + "\n" + pair.logs());
            }
        }
        LOG.info("{}: {}", what, report(streams));
    }

    private static String report(final Map<PaperCategory, CategoryStream> streams) {
        final StringBuilder text = new StringBuilder();
        streams.forEach((category, s) -> text.append(category).append(" published ").append(s.published())
                .append(" received ").append(s.distinct()).append(" lost ").append(s.lost())
                .append(" longest-run ").append(s.longestLossRun()).append(" duplicates-dropped ")
                .append(s.duplicatesDropped()).append("; "));
        return text.toString();
    }
}
