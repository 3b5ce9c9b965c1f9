package io.eventhandler.petri.capacity;

import java.util.Comparator;
import java.util.List;

/**
 * One calibration server: the publish rates its publishers reached when offered more than it could take (each
 * saturation run's), and its measured rates, ascending.
 */
public record ServerCurve(double[] saturationRuns, List<RateStep> steps) {

    public ServerCurve {
        if (saturationRuns.length == 0) {
            throw new IllegalArgumentException("a calibration server needs at least one saturation run");
        }
        saturationRuns = saturationRuns.clone();
        steps = steps.stream().sorted(Comparator.comparingDouble(RateStep::rate)).toList();
        if (steps.stream().filter(s -> !s.overloaded()).count() < 2) {
            throw new IllegalArgumentException("a calibration server needs at least two rates below saturation");
        }
    }

    @Override
    public double[] saturationRuns() {
        return saturationRuns.clone();
    }

    /** The median of the saturation runs. */
    public double saturation() {
        return Statistics.median(saturationRuns);
    }

    /** The steps the publishers kept up with: the latency curve. */
    public List<RateStep> measured() {
        return steps.stream().filter(s -> !s.overloaded()).toList();
    }
}
