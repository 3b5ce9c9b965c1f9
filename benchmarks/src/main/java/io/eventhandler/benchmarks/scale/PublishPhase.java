package io.eventhandler.benchmarks.scale;

import io.eventhandler.api.EpochMicros;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * One measured phase: a {@link PacedPublisher} runs for the phase's duration while the server is sampled every
 * half second (RSS, threads) and the deliveries counted every second; then the last deliveries are awaited and the
 * streams opened in {@code [fromStream, toStream)} accounted against what was accepted on their topics. The
 * statistics endpoint is read only before and after (its answer lists every subscriber).
 */
final class PublishPhase {

    /** Something to do on the caller's thread while the publisher runs (the storm); returns when done. */
    interface During {
        void run(PacedPublisher publisher) throws InterruptedException;
    }

    /**
     * The figures of a phase.
     *
     * @param publishMillis     how long the publisher ran
     * @param accepted          events accepted
     * @param failedPublishes   publish calls that failed
     * @param loss              the streams' accounting
     * @param deliveriesPerSecond deliveries counted by the readers while publishing, per second of it
     * @param perSecond         deliveries in each whole second of publishing
     * @param drainMillis       from the publisher's end until the last expected delivery (or the drain timeout)
     * @param endToEnd          receipt − creation of every event received, µs
     * @param publishCall       publish call latency, µs
     * @param publishFromDue    publish latency from the due instant, µs
     * @param serverCpuMillis   server CPU from the phase's start until drained
     * @param serverCpuPercentPublishing server CPU while publishing, % of one core
     * @param rssMaxKiB         the largest RSS sampled
     * @param threadsMax        the most threads sampled
     * @param server            the server's counters over the phase
     * @param loadBefore        /proc/loadavg before
     * @param loadAfter         /proc/loadavg after
     * @param publisher         the phase's publisher, for the latency of a time window
     * @param generatorCpuPercentPublishing this generator's CPU while publishing, % of one core (readers, publisher)
     */
    record Result(long publishMillis, long accepted, long failedPublishes, StreamLoss loss,
                  double deliveriesPerSecond, List<Long> perSecond, long drainMillis, Histogram endToEnd,
                  Histogram publishCall, Histogram publishFromDue, long serverCpuMillis,
                  double serverCpuPercentPublishing, long rssMaxKiB, long threadsMax, ServerCounters server,
                  String loadBefore, String loadAfter, PacedPublisher publisher,
                  double generatorCpuPercentPublishing) {

        /** Publish call latency of the calls started in {@code [fromMicros, toMicros)}, µs. */
        Histogram publishCallIn(final long fromMicros, final long toMicros) {
            return publisher.latency(fromMicros, toMicros, false);
        }

        /** Publish latency from the due instant of the calls started in {@code [fromMicros, toMicros)}, µs. */
        Histogram publishFromDueIn(final long fromMicros, final long toMicros) {
            return publisher.latency(fromMicros, toMicros, true);
        }
    }

    private final URI baseUri;
    private final ServerProcess process;
    private final StreamFleet fleet;
    private final Duration drain;
    /** Per topic, the number its next event gets: numbers go on across phases, as the streams' accounting needs. */
    private final Map<String, Long> nextNumbers = new HashMap<>();

    PublishPhase(final URI baseUri, final ServerProcess process, final StreamFleet fleet, final Duration drain) {
        this.baseUri = baseUri;
        this.process = process;
        this.fleet = fleet;
        this.drain = drain;
    }

    /**
     * Runs a phase.
     *
     * @param topics      the topics published to, in turn
     * @param fromStream  first stream accounted
     * @param toStream    after the last stream accounted
     * @param topicOf     the index in {@code topics} of stream {@code s}'s topic, or -1 when it has none of them
     */
    Result run(final List<String> topics, final int rate, final Duration duration, final int fromStream,
               final int toStream, final IntToLongFunction topicOf, final During during) throws InterruptedException {
        final StreamBook book = fleet.book();
        final String loadBefore = ScaleReport.load();
        final ServerCounters countersBefore = ServerCounters.read(baseUri);
        final StreamBook.Counts before = book.counts();
        book.latencySinceLastCall();
        final long eventsBefore = book.events();
        final ServerProcess.Snapshot cpuBefore = process.sample();
        final long ownCpuBefore = ownCpuNanos();

        final long[] first = new long[topics.size()];
        for (int i = 0; i < first.length; i++) {
            first[i] = nextNumbers.getOrDefault(topics.get(i), 0L);
        }
        final PacedPublisher publisher = new PacedPublisher(baseUri, topics, rate, first);
        final Sampler sampler = new Sampler(book);
        final Thread samplerThread = new Thread(sampler, "scale-sampler");
        samplerThread.setDaemon(true);
        publisher.start(duration);
        samplerThread.start();
        if (during != null) {
            during.run(publisher);
        }
        publisher.join();
        for (int i = 0; i < first.length; i++) {
            nextNumbers.put(topics.get(i), publisher.nextNumber(i));
        }
        final ServerProcess.Snapshot cpuPublished = process.sample();
        final long ownCpuPublished = ownCpuNanos();
        final long eventsPublished = book.events();
        sampler.stop = true;
        samplerThread.join();

        final long expectedTotal = expectedDeliveries(publisher, fromStream, toStream, topicOf);
        final long drainMillis = awaitDeliveries(book, eventsBefore, expectedTotal);
        final ServerProcess.Snapshot cpuAfter = process.sample();
        final StreamBook.Counts after = book.counts();
        final Histogram endToEnd = book.latencySinceLastCall();
        final ServerCounters countersAfter = ServerCounters.read(baseUri);

        final StreamLoss loss = StreamLoss.of(after.since(before, fromStream, toStream), i -> {
            final long topic = topicOf.applyAsLong(fromStream + i);
            return topic < 0 ? 0 : publisher.accepted((int) topic);
        });
        final long publishMicros = publisher.endedMicros() - publisher.startedMicros();
        return new Result(publishMicros / 1_000, publisher.acceptedTotal(), publisher.failed(), loss,
                (eventsPublished - eventsBefore) * 1e6 / Math.max(1, publishMicros), sampler.perSecond, drainMillis,
                endToEnd, publisher.latency(Long.MIN_VALUE, Long.MAX_VALUE, false),
                publisher.latency(Long.MIN_VALUE, Long.MAX_VALUE, true),
                cpuAfter.cpuMillis() - cpuBefore.cpuMillis(),
                100.0 * (cpuPublished.cpuMillis() - cpuBefore.cpuMillis()) * 1000 / Math.max(1, publishMicros),
                Math.max(sampler.rssMax, cpuAfter.rssKiB()), Math.max(sampler.threadsMax, cpuAfter.threads()),
                countersAfter.minus(countersBefore), loadBefore, ScaleReport.load(), publisher,
                100.0 * (ownCpuPublished - ownCpuBefore) / 1000 / Math.max(1, publishMicros));
    }

    /**
     * Waits until the streams received {@code expectedTotal} events since {@code eventsBefore}, the drain time passed,
     * or 3 s went by without progress; returns the milliseconds waited.
     */
    private long awaitDeliveries(final StreamBook book, final long eventsBefore, final long expectedTotal)
            throws InterruptedException {
        final long drainStart = System.nanoTime();
        final long drainDeadline = drainStart + drain.toNanos();
        long lastEvents = book.events();
        long lastProgress = drainStart;
        while (book.events() - eventsBefore < expectedTotal && System.nanoTime() < drainDeadline
                && System.nanoTime() - lastProgress < 3_000_000_000L) {
            Thread.sleep(20);
            final long now = book.events();
            if (now != lastEvents) {
                lastEvents = now;
                lastProgress = System.nanoTime();
            }
        }
        return (System.nanoTime() - drainStart) / 1_000_000;
    }

    /** This JVM's CPU time: on two shared cores, the generator's own share tells who was short of CPU. */
    private static long ownCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long expectedDeliveries(final PacedPublisher publisher, final int from, final int to,
                                           final IntToLongFunction topicOf) {
        long sum = 0;
        for (int s = from; s < to; s++) {
            final long topic = topicOf.applyAsLong(s);
            sum += topic < 0 ? 0 : publisher.accepted((int) topic);
        }
        return sum;
    }

    /** Samples the server and counts the deliveries of each second, on its own thread. */
    private final class Sampler implements Runnable {
        private final StreamBook book;
        final List<Long> perSecond = new ArrayList<>();
        volatile boolean stop;
        volatile long rssMax = -1;
        volatile long threadsMax = -1;

        Sampler(final StreamBook book) {
            this.book = book;
        }

        @Override
        public void run() {
            final long start = EpochMicros.now();
            long secondStartEvents = book.events();
            long nextSecond = start + 1_000_000;
            try {
                while (!stop) {
                    Thread.sleep(500);
                    final ServerProcess.Snapshot s = process.sample();
                    rssMax = Math.max(rssMax, s.rssKiB());
                    threadsMax = Math.max(threadsMax, s.threads());
                    if (EpochMicros.now() >= nextSecond) {
                        final long events = book.events();
                        perSecond.add(events - secondStartEvents);
                        secondStartEvents = events;
                        nextSecond += 1_000_000;
                    }
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
