package io.eventhandler.petri.capacity;

/**
 * The part of the latency the net's two pools add: an event waits for a Grizzly worker, then for a delivery thread
 * ({@link PoolQueue} each), on top of the latency the server showed at light load. The prediction for another pool
 * configuration moves each quantile of the measured latency by how much this part moves at that quantile.
 * <p>
 * A thread of a pool is held for its time on a core per event, not for the time it also waited for a core: the
 * wait for a core is the cores' queue, the same whatever the pool sizes, and it is in the calibrated latency
 * already. (Counting it as holding the pool made a pool of one worker saturate at a third of the rate it measured.)
 * A pool serves at most as many events at once as there are cores ({@link CoreShare#running}): its threads beyond
 * the cores wait for a core, not for work.
 */
final class PoolPart {

    private static final int POINTS = 6000;

    private final CapacityModel model;
    private final MeasuredCurve measured;
    private final CoreShare cores;
    private final double[] lightLoad;

    PoolPart(final CapacityModel model, final MeasuredCurve measured, final CoreShare cores) {
        this.model = model;
        this.measured = measured;
        this.cores = cores;
        this.lightLoad = measured.quantiles(model.lowestRate());
    }

    PoolQueue workers(final Pools pools, final double rate) {
        return new PoolQueue(cores.running(pools.workers()), rate / 1e6,
                measured.perEvent(rate, RateStep::workerRunMicros),
                scv(model.stages().acceptScv(), 1));
    }

    /** A dispatch holds its delivery thread for all its subscribers' writes: their sum varies less than one. */
    PoolQueue delivery(final Pools pools, final double rate) {
        return new PoolQueue(cores.running(pools.delivery()), rate / 1e6,
                measured.perEvent(rate, RateStep::deliveryRunMicros),
                scv(model.stages().writeScv(), model.load().subscribers()));
    }

    /** A stage's variation, bounded to [0.25, 4]: a few stalls in the recorder must not make every wait a stall. */
    private static double scv(final double stage, final int parts) {
        return Double.isFinite(stage) ? Math.max(0.25, Math.min(4, stage / parts)) : 1;
    }

    /** Each quantile of this part with {@code pools}, less the same with the calibrated pools, ms. */
    double[] shift(final Pools pools, final double rate) {
        final PoolQueue[] mine = {workers(pools, rate), delivery(pools, rate)};
        final PoolQueue[] calibrated = {workers(model.pools(), rate), delivery(model.pools(), rate)};
        final double[] a = quantiles(mine);
        final double[] b = quantiles(calibrated);
        final double[] out = new double[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }

    private double[] quantiles(final PoolQueue[] queues) {
        double extent = 3 * lightLoad[lightLoad.length - 1];
        for (final PoolQueue queue : queues) {
            if (queue.saturated()) {
                final double[] infinite = new double[lightLoad.length];
                java.util.Arrays.fill(infinite, Double.POSITIVE_INFINITY);
                return infinite;
            }
            extent += 12 * queue.conditionalWaitMicros() / 1000;
        }
        LatencyCdf cdf = LatencyCdf.ofQuantiles(lightLoad, extent / POINTS, POINTS);
        for (final PoolQueue queue : queues) {
            cdf = cdf.plusWait(queue);
        }
        return cdf.quantiles();
    }
}
