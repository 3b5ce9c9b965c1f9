package io.eventhandler.petri.analysis;

import java.util.List;
import java.util.Map;

/**
 * Transient probabilities of "place holds at least one token" (or, for multi-token nets, the expected token count)
 * on a uniform time grid, as the thesis plotted them (rows are instants, columns places).
 */
public final class PlaceProbabilities {

    private final double step;
    private final Map<String, double[]> series;
    private final AnalysisCost cost;

    PlaceProbabilities(final double step, final Map<String, double[]> series, final AnalysisCost cost) {
        this.step = step;
        this.series = Map.copyOf(series);
        this.cost = cost;
    }

    public AnalysisCost cost() {
        return cost;
    }

    public double step() {
        return step;
    }

    public List<String> places() {
        return List.copyOf(series.keySet());
    }

    public int samples() {
        return series.values().iterator().next().length;
    }

    /** The value for {@code place} at time {@code t}, linearly interpolated between grid points. */
    public double at(final String place, final double t) {
        final double[] values = of(place);
        final double index = t / step;
        final int lower = (int) Math.floor(index);
        if (lower < 0) {
            return values[0];
        }
        if (lower >= values.length - 1) {
            return values[values.length - 1];
        }
        final double fraction = index - lower;
        return values[lower] * (1 - fraction) + values[lower + 1] * fraction;
    }

    /** First instant at which {@code place} reaches {@code level}, interpolated; NaN if it never does. */
    public double firstTimeAtLeast(final String place, final double level) {
        final double[] values = of(place);
        for (int i = 0; i < values.length; i++) {
            if (values[i] >= level) {
                if (i == 0) {
                    return 0;
                }
                final double fraction = (level - values[i - 1]) / (values[i] - values[i - 1]);
                return (i - 1 + fraction) * step;
            }
        }
        return Double.NaN;
    }

    /** The instant of the maximum of {@code place}'s curve. */
    public double peakTime(final String place) {
        final double[] values = of(place);
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best * step;
    }

    public double peak(final String place) {
        return at(place, peakTime(place));
    }

    /** First instant after {@code from} at which {@code rising}'s curve overtakes {@code falling}'s; NaN if never. */
    public double crossing(final String falling, final String rising, final double from) {
        final double[] a = of(falling);
        final double[] b = of(rising);
        for (int i = Math.max(1, (int) Math.ceil(from / step)); i < a.length; i++) {
            if (b[i] > a[i] && b[i - 1] <= a[i - 1]) {
                final double before = a[i - 1] - b[i - 1];
                final double after = b[i] - a[i];
                return (i - 1 + before / (before + after)) * step;
            }
        }
        return Double.NaN;
    }

    /** First instant from which {@code place} stays the most probable of all places; NaN if it never does. */
    public double mostProbableFrom(final String place) {
        final double[] own = of(place);
        int since = -1;
        for (int i = 0; i < own.length; i++) {
            boolean top = true;
            for (final Map.Entry<String, double[]> other : series.entrySet()) {
                if (!other.getKey().equals(place) && other.getValue()[i] >= own[i]) {
                    top = false;
                    break;
                }
            }
            if (!top) {
                since = -1;
            } else if (since < 0) {
                since = i;
            }
        }
        return since < 0 ? Double.NaN : since * step;
    }

    private double[] of(final String place) {
        final double[] values = series.get(place);
        if (values == null) {
            throw new IllegalArgumentException("no place " + place + " in " + series.keySet());
        }
        return values;
    }
}
