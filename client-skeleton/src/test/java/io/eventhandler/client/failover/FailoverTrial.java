package io.eventhandler.client.failover;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/**
 * One run of FRAME's fault experiment on a {@link ProcessPair}: streams of every Table 3.2 category, the primary
 * killed with SIGKILL after a while, the streams continued at the backup, and what each subscriber saw.
 */
final class FailoverTrial {

    static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * What a trial measured.
     *
     * @param failoverMs            the backup's measured take-over (last batch heard to serving)
     * @param recovered             buffered copies the take-over dispatched
     * @param replicationBytes      bytes the primary sent its backup before the kill
     * @param primaryCpuMs          CPU the primary used while streaming before the kill
     */
    record Result(double failoverMs, long recovered, long replicationBytes, long replicationBatches,
                  long primaryCpuMs, Map<PaperCategory, CategoryOutcome> outcomes, double backgroundPeakMs,
                  long backgroundDuplicates) {

        boolean withinTolerance() {
            return outcomes.values().stream().allMatch(CategoryOutcome::withinTolerance);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "failover %.1f ms, recovered %d, replication %d bytes in %d batches, "
                    + "primary CPU %d ms; ", failoverMs, recovered, replicationBytes, replicationBatches,
                    primaryCpuMs) + outcomes.values() + String.format(Locale.ROOT,
                    "; background peak %.1f ms, duplicates %d", backgroundPeakMs, backgroundDuplicates);
        }
    }

    private FailoverTrial() {
    }

    /**
     * Wait for A primary with B as backup, configure every category at A (mirrored to B), connect a subscriber per
     * category and start the publishers.
     *
     * @param plusOne categories whose retention N gets one more (FRAME+)
     */
    static Map<PaperCategory, CategoryStream> startStreams(final ProcessPair pair, final Set<PaperCategory> plusOne) {
        await("A primary with B as backup").atMost(WAIT).until(() -> pair.primaryWithBackup(0));
        for (final PaperCategory category : PaperCategory.values()) {
            pair.configure(category, plusOne.contains(category) ? 1 : 0, 0);
        }
        await("QoS mirrored to B").atMost(WAIT).until(() -> {
            final String qos = pair.get(1).get("/eventhandler/mgmt/qos").body();
            for (final PaperCategory category : PaperCategory.values()) {
                if (!qos.contains(category.topic().toUpperCase(Locale.ROOT))) {
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

    /** Let the publishers run for {@code duration}: the stream's length, not a wait for a condition. */
    static void stream(final Duration duration) {
        await("the stream runs").pollDelay(duration).atMost(duration.plusSeconds(1)).until(() -> true);
    }

    /** Kill {@code which} with SIGKILL; returns the kill time in epoch microseconds. */
    static long kill(final ProcessPair pair, final int which) {
        final Instant now = Instant.now();
        pair.kill(which);
        return ChronoUnit.MICROS.between(Instant.EPOCH, now);
    }

    /** Wait until {@code which} serves as primary after a take-over. */
    static JsonNode awaitTakeOver(final ProcessPair pair, final int which) {
        await("take-over").atMost(WAIT).until(() -> {
            final JsonNode view = pair.replication(which);
            return view != null && view.get("serving").asBoolean() && view.get("promotions").asLong() > 0;
        });
        return pair.replication(which);
    }

    /**
     * Stop the publishers and wait until every zero-loss topic's last event arrived (or the wait ends: then the
     * outcome shows the loss).
     */
    static Map<PaperCategory, CategoryOutcome> finish(final Map<PaperCategory, CategoryStream> streams,
                                                       final long killEpochMicros) throws InterruptedException {
        for (final CategoryStream stream : streams.values()) {
            stream.stopPublishing();
        }
        try {
            await("last events delivered").atMost(Duration.ofSeconds(20)).until(() -> streams.values().stream()
                    .filter(s -> s.category().lossTolerance != null && s.category().lossTolerance == 0)
                    .allMatch(CategoryStream::receivedLast));
        } catch (final RuntimeException e) {
            // reported by the outcome: the last event of a zero-loss topic is a loss
        }
        final Map<PaperCategory, CategoryOutcome> outcomes = new EnumMap<>(PaperCategory.class);
        streams.forEach((category, stream) -> outcomes.put(category, CategoryOutcome.of(stream, killEpochMicros)));
        return outcomes;
    }

    /**
     * A whole trial on a fresh pair: stream, kill A, stream at B, finish.
     *
     * @param settings delivery configuration both instances get
     */
    static Result run(final java.nio.file.Path dir, final Map<String, String> settings,
                      final Set<PaperCategory> plusOne, final Duration before, final Duration after)
            throws InterruptedException {
        return run(dir, settings, plusOne, before, after, 0);
    }

    /**
     * As {@link #run(java.nio.file.Path, Map, Set, Duration, Duration)}, with {@code backgroundTopics} category 2
     * topics published and delivered around the measured streams ({@link BackgroundLoad}; 0 for none).
     */
    static Result run(final java.nio.file.Path dir, final Map<String, String> settings,
                      final Set<PaperCategory> plusOne, final Duration before, final Duration after,
                      final int backgroundTopics) throws InterruptedException {
        try (ProcessPair pair = new ProcessPair(dir, settings)) {
            pair.start(0);
            pair.start(1);
            final Map<PaperCategory, CategoryStream> streams = startStreams(pair, plusOne);
            final BackgroundLoad background = backgroundTopics == 0 ? null
                    : startBackground(pair, backgroundTopics);
            try {
                final long cpuBefore = pair.get(0).cpuMillis();
                stream(before);
                final JsonNode link = pair.replication(0).get("link");
                final long cpu = pair.get(0).cpuMillis() - cpuBefore;
                final long killedAt = kill(pair, 0);
                final JsonNode takeOver = awaitTakeOver(pair, 1);
                stream(after);
                final Map<PaperCategory, CategoryOutcome> outcomes = finish(streams, killedAt);
                return new Result(takeOver.get("lastFailoverMs").asDouble(), takeOver.get("lastRecovered").asLong(),
                        link.get("bytesSent").asLong(), link.get("batches").asLong(), cpu, outcomes,
                        background == null ? Double.NaN : background.peakAroundKillMs(killedAt),
                        background == null ? 0 : background.duplicates());
            } finally {
                streams.values().forEach(CategoryStream::close);
                if (background != null) {
                    background.close();
                }
            }
        }
    }

    private static BackgroundLoad startBackground(final ProcessPair pair, final int topics) {
        final BackgroundLoad background = new BackgroundLoad(pair, topics);
        await("background subscriptions mirrored to B").atMost(WAIT).until(() -> pair.get(1)
                .get("/eventhandler/mgmt/subscriptions").body().contains(background.lastTopic()));
        background.start();
        return background;
    }
}
