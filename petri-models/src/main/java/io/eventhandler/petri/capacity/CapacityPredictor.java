package io.eventhandler.petri.capacity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The answers a {@link CapacityModel} gives, without simulation: the latency the calibration measured at the rate
 * asked (between its rates, along straight lines), moved by what the net's pools add or save with other pool
 * sizes ({@link PoolPart}), and the saturation as the lowest of what the cores allowed in calibration and what each
 * pool can hold. Pools with threads beyond the cores may cost more core time per event ({@link CoreShare}): such a
 * configuration at rate r is answered as the calibration at r times that factor. A configuration costs milliseconds.
 */
public final class CapacityPredictor {

    /** Rates on a configuration's curve: 2 % to 98 % of its saturation, every 2 %. */
    private static final int GRID = 49;
    /** A pool busier than this at the calibration's saturation may have been what limited it. */
    private static final double POOL_BOUND = 0.9;

    private final CapacityModel model;
    private final MeasuredCurve measured;
    private final CoreShare cores;
    private final PoolPart pools;
    private final double coreLimit;

    /** Charges nothing for threads beyond the cores. */
    public CapacityPredictor(final CapacityModel model) {
        this(model, 0);
    }

    /** @param threadCost core time each pool thread beyond the cores adds to every event, a fraction */
    public CapacityPredictor(final CapacityModel model, final double threadCost) {
        this.model = model;
        this.measured = new MeasuredCurve(model);
        this.cores = new CoreShare(model.cores(), model.pools(), threadCost);
        this.pools = new PoolPart(model, measured, cores);
        this.coreLimit = coreLimit();
    }

    /**
     * What the cores allow: the calibration's saturation, unless a calibrated pool was nearly full there; then the
     * rate at which the server's and the generator's CPU per event would fill the cores the other processes left.
     */
    private double coreLimit() {
        final double saturation = model.saturation();
        final double busiest = Math.max(pools.workers(model.pools(), saturation).utilisation(),
                pools.delivery(model.pools(), saturation).utilisation());
        if (busiest < POOL_BOUND) {
            return saturation;
        }
        final double cpuPerEvent = measured.perEvent(saturation,
                s -> s.serverCpuMicros() + s.generatorCpuMicros()) / 1e6;
        final double free = model.cores() - measured.perEvent(saturation, RateStep::backgroundCores);
        return Math.max(saturation, free / cpuPerEvent);
    }

    /**
     * The saturation of {@code pools} and what limits it: found on the calibration's rate scale, where this
     * configuration's rates are {@link CoreShare#loadFactor} times higher.
     */
    public Limit saturation(final Pools configuration) {
        double rate = coreLimit;
        String by = "cores";
        final double workers = firstFull(r -> pools.workers(configuration, r));
        if (workers < rate) {
            rate = workers;
            by = "worker pool";
        }
        final double delivery = firstFull(r -> pools.delivery(configuration, r));
        if (delivery < rate) {
            rate = delivery;
            by = "delivery pool";
        }
        rate /= cores.loadFactor(configuration);
        final double[] runs = model.saturationRuns();
        final double median = model.saturation();
        return new Limit(new Interval(rate, rate * Arrays.stream(runs).min().orElse(median) / median,
                rate * Arrays.stream(runs).max().orElse(median) / median), by);
    }

    /** The lowest rate up to the core limit at which the pool is full (the core limit if none). */
    private double firstFull(final java.util.function.DoubleFunction<PoolQueue> pool) {
        if (!pool.apply(coreLimit).saturated()) {
            return coreLimit;
        }
        double low = 0;
        double high = coreLimit;
        for (int i = 0; i < 60; i++) {
            final double middle = (low + high) / 2;
            if (pool.apply(middle).saturated()) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return low;
    }

    /** The latency of {@code configuration} at {@code rate} publishes/s. */
    public RatePoint at(final Pools configuration, final double rate) {
        final double saturation = saturation(configuration).rate().value();
        // the cores as busy as the calibration's at this rate: its latency there, and its pools' part there
        final double equivalent = rate * cores.loadFactor(configuration);
        final double[] calibrated = measured.quantiles(equivalent);
        final double[] lightLoad = measured.quantiles(model.lowestRate());
        final double[] shift = configuration.equals(model.pools()) ? new double[calibrated.length]
                : pools.shift(configuration, equivalent);
        final double[] out = new double[calibrated.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = rate >= saturation ? Double.POSITIVE_INFINITY
                    : Math.max(Math.min(calibrated[i], lightLoad[i]), calibrated[i] + shift[i]);
        }
        final int p50 = QuantileLevels.indexOf(0.5);
        final int p99 = QuantileLevels.indexOf(0.99);
        return new RatePoint(rate, rate / saturation, out,
                interval(out[p50], calibrated[p50], measured.p50Factors(equivalent)),
                interval(out[p99], calibrated[p99], measured.p99Factors(equivalent)));
    }

    /** The measured part scaled by the spread the calibration saw; the pools' shift carried as it is. */
    private static Interval interval(final double value, final double calibrated, final double[] factors) {
        if (!Double.isFinite(value)) {
            return new Interval(value, value, value);
        }
        final double shift = value - calibrated;
        return new Interval(value, calibrated * factors[0] + shift, calibrated * factors[1] + shift);
    }

    public ConfigurationAnswer answer(final Pools configuration, final Double deadlineMs) {
        final Limit limit = saturation(configuration);
        final List<RatePoint> curve = new ArrayList<>();
        for (int i = 1; i <= GRID; i++) {
            curve.add(at(configuration, limit.rate().value() * i / (GRID + 1.0)));
        }
        return new ConfigurationAnswer(configuration, limit.rate(), limit.by(), curve, Knee.of(curve),
                deadlineMs == null ? null : Deadline.maxRate(curve, deadlineMs, limit.rate().value()));
    }

    public CapacityAnswer answer(final List<Pools> configurations, final Double deadlineMs) {
        final List<ConfigurationAnswer> answers = configurations.stream().map(p -> answer(p, deadlineMs)).toList();
        final Recommendation recommendation = Recommendation.of(answers, deadlineMs, model.pools());
        return new CapacityAnswer(answers, recommendation.best(), recommendation.reason(), deadlineMs,
                new ModelLimits(model, this).notes(configurations));
    }

    public CapacityModel model() {
        return model;
    }

    public CoreShare cores() {
        return cores;
    }

    /** The calibrated pools' utilisation at {@code rate}: {workers, delivery}. */
    double[] calibratedPoolUtilisation(final double rate) {
        return new double[] {pools.workers(model.pools(), rate).utilisation(),
            pools.delivery(model.pools(), rate).utilisation()};
    }

    /** A saturation rate and the resource that sets it. */
    public record Limit(Interval rate, String by) {
    }
}
