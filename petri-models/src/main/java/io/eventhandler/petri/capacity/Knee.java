package io.eventhandler.petri.capacity;

import java.util.List;

/**
 * The knee of a latency-versus-rate curve: the rate that maximises rate ÷ p99 (Kleinrock's "power"). Below it
 * more load costs less latency than it buys throughput; above it the p99 grows faster than the rate.
 */
final class Knee {

    private Knee() {
    }

    static RatePoint of(final List<RatePoint> curve) {
        RatePoint best = curve.get(0);
        double power = 0;
        for (final RatePoint point : curve) {
            final double p99 = point.p99().value();
            if (Double.isFinite(p99) && p99 > 0 && point.rate() / p99 > power) {
                power = point.rate() / p99;
                best = point;
            }
        }
        return best;
    }
}
