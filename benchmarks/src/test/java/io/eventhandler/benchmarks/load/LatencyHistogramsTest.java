package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

    @Test
    void shouldMergePerThreadHistograms() {
        final Histogram first = LatencyHistograms.create();
        final Histogram second = LatencyHistograms.create();
        for (int i = 1; i <= 1000; i++) {
            LatencyHistograms.record(first, i);
        }
        for (int i = 0; i < 1000; i++) {
            LatencyHistograms.record(second, 10_000);
        }
        final Histogram merged = LatencyHistograms.merge(List.of(first, second));
        assertEquals(2000, merged.getTotalCount());
        assertEquals(1000, merged.getValueAtPercentile(50), 1);
        assertEquals(10_000, merged.getMaxValue(), 10);
        assertEquals(1000, first.getTotalCount());
    }

    @Test
    void shouldClampNegativeAndHugeValues() {
        final Histogram histogram = LatencyHistograms.create();
        LatencyHistograms.record(histogram, -5);
        LatencyHistograms.record(histogram, Long.MAX_VALUE);
        assertEquals(2, histogram.getTotalCount());
        assertEquals(0, histogram.getMinValue());
        assertEquals(LatencyHistograms.HIGHEST_TRACKABLE_MICROS, histogram.getMaxValue(),
                LatencyHistograms.HIGHEST_TRACKABLE_MICROS / 1000.0);
    }

    @Test
    void shouldBackfillSamplesAStalledSenderMissed() {
        final Histogram corrected = LatencyHistograms.create();
        LatencyHistograms.recordCorrected(corrected, 1000, 100);
        assertEquals(10, corrected.getTotalCount());
        assertEquals(100, corrected.getMinValue(), 1);
    }

    @Test
    void shouldNotCorrectWithoutAnInterval() {
        final Histogram histogram = LatencyHistograms.create();
        LatencyHistograms.recordCorrected(histogram, 1000, 0);
        assertEquals(1, histogram.getTotalCount());
    }

    @Test
    void shouldSummarizeInMilliseconds() {
        final Histogram histogram = LatencyHistograms.create();
        for (int i = 1; i <= 100; i++) {
            LatencyHistograms.record(histogram, i * 1000L);
        }
        final LatencySummary summary = LatencySummary.of(histogram);
        assertEquals(100, summary.count());
        assertEquals(50.5, summary.meanMs(), 0.1);
        assertEquals(50, summary.p50Ms(), 0.1);
        assertEquals(90, summary.p90Ms(), 0.1);
        assertEquals(99, summary.p99Ms(), 0.1);
        assertEquals(100, summary.maxMs(), 0.1);
    }

    @Test
    void shouldSummarizeNothingAsEmpty() {
        assertSame(LatencySummary.EMPTY, LatencySummary.of(LatencyHistograms.create()));
    }
}
