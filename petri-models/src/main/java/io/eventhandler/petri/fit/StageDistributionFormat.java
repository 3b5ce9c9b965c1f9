package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageDistribution.Histogram;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.ErlangWithTail;
import io.eventhandler.petri.net.StageDistribution.Exponential;
import io.eventhandler.petri.net.StageDistribution.ShiftedErlang;
import io.eventhandler.petri.net.StageDistribution.Uniform;

import java.util.Locale;

/**
 * The one-line text form of a distribution in a model file: {@code erlang:k:rate}, {@code exp:rate},
 * {@code uniform:eft:lft}, {@code shifted-erlang:shift:k:rate:upper},
 * {@code erlang-tail:shift:k:rate:tailWeight:tailRate}, {@code histogram:level@edge:level@edge:…} (times in ms, rates per ms).
 */
public final class StageDistributionFormat {

    private StageDistributionFormat() {
    }

    public static String format(final StageDistribution distribution) {
        if (distribution instanceof Erlang e) {
            return String.format(Locale.ROOT, "erlang:%d:%s", e.k(), e.rate());
        }
        if (distribution instanceof Exponential e) {
            return String.format(Locale.ROOT, "exp:%s", e.rate());
        }
        if (distribution instanceof Uniform u) {
            return String.format(Locale.ROOT, "uniform:%s:%s", u.eft(), u.lft());
        }
        if (distribution instanceof ErlangWithTail t) {
            return String.format(Locale.ROOT, "erlang-tail:%s:%d:%s:%s:%s", t.shift(), t.k(), t.rate(), t.tailWeight(),
                    t.tailRate());
        }
        if (distribution instanceof Histogram h) {
            final StringBuilder text = new StringBuilder("histogram");
            for (int i = 0; i <= h.bins(); i++) {
                text.append(':').append(h.levels()[i]).append('@').append(h.edges()[i]);
            }
            return text.toString();
        }
        final ShiftedErlang s = (ShiftedErlang) distribution;
        return String.format(Locale.ROOT, "shifted-erlang:%s:%d:%s:%s", s.shift(), s.k(), s.rate(), s.upper());
    }

    public static StageDistribution parse(final String text) {
        final String[] parts = text.trim().split(":");
        try {
            return switch (parts[0]) {
                case "erlang" -> new Erlang(Integer.parseInt(parts[1]), Double.parseDouble(parts[2]));
                case "exp" -> new Exponential(Double.parseDouble(parts[1]));
                case "uniform" -> new Uniform(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
                case "shifted-erlang" -> new ShiftedErlang(Double.parseDouble(parts[1]), Integer.parseInt(parts[2]),
                        Double.parseDouble(parts[3]), Double.parseDouble(parts[4]));
                case "erlang-tail" -> new ErlangWithTail(Double.parseDouble(parts[1]), Integer.parseInt(parts[2]),
                        Double.parseDouble(parts[3]), Double.parseDouble(parts[4]), Double.parseDouble(parts[5]));
                case "histogram" -> histogram(parts);
                default -> throw new IllegalArgumentException("unknown distribution kind '" + parts[0] + "'");
            };
        } catch (final ArrayIndexOutOfBoundsException | NumberFormatException e) {
            throw new IllegalArgumentException("not a distribution: '" + text + "'", e);
        }
    }

    private static Histogram histogram(final String[] parts) {
        final double[] levels = new double[parts.length - 1];
        final double[] edges = new double[parts.length - 1];
        for (int i = 1; i < parts.length; i++) {
            final String[] pair = parts[i].split("@");
            levels[i - 1] = Double.parseDouble(pair[0]);
            edges[i - 1] = Double.parseDouble(pair[1]);
        }
        return new Histogram(edges, levels);
    }
}
