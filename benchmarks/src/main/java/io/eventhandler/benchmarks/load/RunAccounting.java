package io.eventhandler.benchmarks.load;

import java.util.List;
import org.HdrHistogram.Histogram;

/** Sums publisher and subscriber results into a run's {@link PublishSummary} and {@link DeliverySummary}. */
public final class RunAccounting {

    private RunAccounting() {
    }

    /**
     * The publishers' side.
     *
     * @param published every publisher's result
     * @param paced     whether the run was paced (then the corrected latency is reported)
     * @return the summary
     */
    public static PublishSummary publish(final List<PublisherResult> published, final boolean paced) {
        long attempted = 0;
        long acknowledged = 0;
        long failed = 0;
        int aborted = 0;
        for (final PublisherResult p : published) {
            attempted += p.attempted();
            acknowledged += p.acknowledged();
            failed += p.failedIndices().length;
            aborted += p.aborted() ? 1 : 0;
        }
        final double seconds = seconds(firstSend(published), lastAck(published));
        return new PublishSummary(published.size(), attempted, acknowledged, failed, aborted, seconds,
                rate(acknowledged, seconds),
                LatencySummary.of(LatencyHistograms.merge(published.stream().map(PublisherResult::latency).toList())),
                paced ? LatencySummary.of(LatencyHistograms.merge(
                        published.stream().map(PublisherResult::latencyCorrected).toList())) : null);
    }

    /**
     * The subscribers' side.
     *
     * @param published    every publisher's result
     * @param subscribers  every subscriber's result
     * @param drained      whether everything expected arrived in time
     * @param endToEnd     merged creation → receipt latencies
     * @param fromSchedule merged intended → receipt latencies, or null when back-to-back
     * @return the summary
     */
    public static DeliverySummary delivery(final List<PublisherResult> published,
                                           final List<SubscriberResult> subscribers, final boolean drained,
                                           final Histogram endToEnd, final Histogram fromSchedule) {
        long expected = 0;
        long received = 0;
        long unique = 0;
        long lost = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long gaps = 0;
        long lastReceipt = 0;
        for (final SubscriberResult s : subscribers) {
            expected += s.expected();
            received += s.received();
            unique += s.unique();
            lost += s.lost();
            duplicates += s.duplicates();
            outOfOrder += s.outOfOrder();
            gaps += s.gaps();
            lastReceipt = Math.max(lastReceipt, s.lastReceiptMicros());
        }
        final double seconds = seconds(firstSend(published), lastReceipt);
        return new DeliverySummary(expected, received, unique, lost, duplicates, outOfOrder, gaps, drained, seconds,
                rate(unique, seconds), LatencySummary.of(endToEnd),
                fromSchedule == null ? null : LatencySummary.of(fromSchedule));
    }

    private static long firstSend(final List<PublisherResult> published) {
        return published.stream().mapToLong(PublisherResult::firstSendMicros).filter(t -> t > 0).min().orElse(0);
    }

    private static long lastAck(final List<PublisherResult> published) {
        return published.stream().mapToLong(PublisherResult::lastAckMicros).max().orElse(0);
    }

    private static double seconds(final long fromMicros, final long toMicros) {
        return fromMicros == 0 || toMicros <= fromMicros ? 0 : (toMicros - fromMicros) / 1e6;
    }

    private static double rate(final long count, final double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
