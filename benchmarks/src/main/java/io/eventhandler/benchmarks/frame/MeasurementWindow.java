package io.eventhandler.benchmarks.frame;

/**
 * The schedule of one run: every proxy sends its k-th batch at {@code start + k·T} (all proxies in phase, which is
 * what makes the batches bursts), and a batch belongs to the measured phase when its scheduled instant lies in
 * [{@link #measureFrom}, {@link #measureUntil}). Publishers and subscribers decide membership from the batch number
 * alone, so both sides count the same events without talking to each other. Publishing goes on for
 * {@link #TAIL_MICROS} after the measured phase, so its last events meet the same load as the others and the CPU
 * sample at its end still sees every publisher thread.
 *
 * @param startMicros   epoch µs of batch 0 of every proxy
 * @param warmupMicros  length of the warm-up
 * @param measureMicros length of the measured phase
 */
record MeasurementWindow(long startMicros, long warmupMicros, long measureMicros) {

    static final long TAIL_MICROS = 1_000_000;

    long measureFrom() {
        return startMicros + warmupMicros;
    }

    long measureUntil() {
        return measureFrom() + measureMicros;
    }

    /** Scheduled instant of batch {@code k}. */
    long scheduled(final long k, final long periodMicros) {
        return startMicros + k * periodMicros;
    }

    /** Whether batch {@code k} is measured. */
    boolean measured(final long k, final long periodMicros) {
        final long at = scheduled(k, periodMicros);
        return at >= measureFrom() && at < measureUntil();
    }

    /** The first measured batch. */
    long firstMeasured(final long periodMicros) {
        return ceilDiv(measureFrom() - startMicros, periodMicros);
    }

    /** The last measured batch. */
    long lastMeasured(final long periodMicros) {
        return ceilDiv(measureUntil() - startMicros, periodMicros) - 1;
    }

    /** The last batch sent, in the tail after the measured phase. */
    long lastBatch(final long periodMicros) {
        return ceilDiv(measureUntil() + TAIL_MICROS - startMicros, periodMicros) - 1;
    }

    /** Measured batches, i.e. measured events per topic. */
    long measuredBatches(final long periodMicros) {
        return lastMeasured(periodMicros) - firstMeasured(periodMicros) + 1;
    }

    private static long ceilDiv(final long a, final long b) {
        return -Math.floorDiv(-a, b);
    }
}
