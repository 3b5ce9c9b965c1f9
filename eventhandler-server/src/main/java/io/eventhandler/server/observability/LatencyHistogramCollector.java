package io.eventhandler.server.observability;

import io.eventhandler.core.delivery.EdfDelivery;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Map;
import java.util.TreeMap;

/**
 * {@value #NAME}: each topic's end-to-end latency (creation → delivery) as a Prometheus histogram, binned at scrape
 * time from the HdrHistogram the delivery accounting records into anyway: the hot path records once, not twice.
 * The sum is the histogram's (1 % precision), good enough for a mean.
 */
final class LatencyHistogramCollector implements MultiCollector {

    static final String NAME = "eh_delivery_latency_seconds";
    /** Upper bounds in seconds, from 0.5 ms (an edge subscriber on a LAN) to 10 s (a webhook that retries). */
    static final double[] BOUNDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
        Double.POSITIVE_INFINITY};

    private final EdfDelivery delivery;
    private final TopicSeries series;

    LatencyHistogramCollector(final EdfDelivery delivery, final TopicSeries series) {
        this.delivery = delivery;
        this.series = series;
    }

    /** Per-bucket counts (not cumulative) and the sum of one label. */
    private static final class Bins {
        final long[] counts = new long[BOUNDS.length];
        double sumSeconds;
    }

    @Override
    public MetricSnapshots collect() {
        final Map<String, Bins> byLabel = new TreeMap<>();
        delivery.latencyByTopic().forEach((topic, histogram) ->
                add(byLabel.computeIfAbsent(series.label(topic), l -> new Bins()), histogram));
        final HistogramSnapshot.Builder builder = HistogramSnapshot.builder().name(NAME)
                .help("End-to-end latency of delivered events, from creation to delivery, per topic");
        byLabel.forEach((label, bins) -> builder.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                .labels(Labels.of("topic", label))
                .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, bins.counts))
                .sum(bins.sumSeconds)
                .build()));
        return MetricSnapshots.of(builder.build());
    }

    private static void add(final Bins bins, final Histogram histogram) {
        for (final HistogramIterationValue value : histogram.recordedValues()) {
            final double seconds = histogram.medianEquivalentValue(value.getValueIteratedTo()) / 1e6;
            final long count = value.getCountAtValueIteratedTo();
            int bucket = 0;
            while (seconds > BOUNDS[bucket]) {
                bucket++;
            }
            bins.counts[bucket] += count;
            bins.sumSeconds += seconds * count;
        }
    }
}
