package io.eventhandler.petri.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which pools to configure: the configuration that takes the highest rate with its p99 under the deadline (without
 * a deadline: the highest knee); among those within 3 % of it, the calibrated one if it is there (it was measured,
 * the others are predicted), else the one with the fewest threads, since on a few cores more threads mostly add
 * switching, which the model does not charge.
 */
record Recommendation(ConfigurationAnswer best, String reason) {

    private static final double CLOSE = 0.97;

    static Recommendation of(final List<ConfigurationAnswer> answers, final Double deadlineMs,
                             final Pools calibrated) {
        final Comparator<ConfigurationAnswer> byThreads = Comparator.comparing(
                (ConfigurationAnswer a) -> !a.pools().equals(calibrated))
                .thenComparingInt(a -> a.pools().workers() + a.pools().delivery())
                .thenComparing(a -> -score(a, deadlineMs));
        final double top = answers.stream().mapToDouble(a -> score(a, deadlineMs)).max().orElse(0);
        final List<ConfigurationAnswer> close = answers.stream().filter(a -> score(a, deadlineMs) >= CLOSE * top)
                .sorted(byThreads).toList();
        final ConfigurationAnswer best = close.get(0);
        final String what = deadlineMs == null ? "the highest knee"
                : String.format(Locale.ROOT, "the highest rate with its p99 under %s ms", trim(deadlineMs));
        final String others = close.size() == 1 ? ""
                : "; " + close.subList(1, close.size()).stream().map(a -> a.pools().toString())
                .collect(Collectors.joining(", ")) + " come within 3 %" + (best.pools().equals(calibrated)
                ? " (" + calibrated + " is the configuration calibrated: measured, not predicted)"
                : " with more threads");
        if (top <= 0) {
            return new Recommendation(best, "no configuration keeps its p99 under " + trim(deadlineMs)
                    + " ms even at light load; the fewest threads shown");
        }
        return new Recommendation(best, String.format(Locale.ROOT, "%s (%,.0f/s)%s", what, score(best, deadlineMs),
                others));
    }

    private static double score(final ConfigurationAnswer answer, final Double deadlineMs) {
        return deadlineMs == null ? answer.knee().rate() : answer.maxRateUnderDeadline().value();
    }

    static String trim(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
