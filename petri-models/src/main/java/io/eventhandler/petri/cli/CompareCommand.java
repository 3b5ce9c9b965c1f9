package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.CapacityModelFile;
import io.eventhandler.petri.capacity.CapacityPredictor;
import io.eventhandler.petri.capacity.Pools;
import io.eventhandler.petri.capacity.RatePoint;
import io.eventhandler.petri.capacity.RateStep;
import io.eventhandler.petri.capacity.ServerCurve;
import io.eventhandler.petri.capacity.Statistics;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code compare}: a model's predictions against other servers' measurements (model files that calibrate wrote on
 * fresh servers, with the pools to check): saturation and, at each rate those servers measured, p50 and p99.
 */
final class CompareCommand implements Command {

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "check a model's predictions against fresh servers measured with calibrate (other pools, other rates)";
    }

    @Override
    public String description() {
        return """
                Sets the predictions of --model against what other servers measured: each --measured file is what
                calibrate wrote for a fresh server (any pools, the same publishers and fan-out). For each, the
                saturation predicted for its pools against the one it measured, and at each rate it measured
                (below saturation) the predicted p50 and p99 against the measured ones (the median over its runs).
                Files with the same pools are also taken together: the median over those servers, rate by rate.
                The last lines say whether the saturation came within --saturation-within and every p99 up to
                --up-to of the saturation within --p99-within.""";
    }

    @Override
    public List<Option> options() {
        return List.of(
                ModelOptions.model("the model to check"),
                Option.of("measured", "FILE,FILE,...", "model files calibrate wrote on the check servers", null),
                ModelOptions.THREAD_COST,
                Option.of("saturation-within", "PERCENT", "criterion on the saturation", "15"),
                Option.of("p99-within", "PERCENT", "criterion on each p99", "20"),
                Option.of("up-to", "FRACTION", "the p99 criterion applies up to this fraction of the saturation",
                        "0.8"));
    }

    @Override
    public void run(final Options options, final PrintStream out) throws UsageException, IOException {
        final CapacityModel model = ModelOptions.read(options);
        final CapacityPredictor predictor = ModelOptions.predictor(model, options);
        final Criteria criteria = new Criteria(options.number("saturation-within", 0) / 100,
                options.number("p99-within", 0) / 100, options.number("up-to", 0));
        final Map<Pools, List<ServerCurve>> groups = new LinkedHashMap<>();
        for (final String file : options.required("measured").split(",")) {
            final CapacityModel measured = CapacityModelFile.read(Path.of(file.trim()));
            if (!measured.load().equals(model.load())) {
                throw new UsageException(file + " was measured with " + measured.load() + ", the model with "
                        + model.load());
            }
            for (final ServerCurve server : measured.servers()) {
                out.printf(Locale.ROOT, "%s, server (pools %s, measured %s):%n", file.trim(), measured.pools(),
                        measured.calibratedAt());
                table(out, predictor, measured.pools(), server.saturation(), rows(server), criteria);
                groups.computeIfAbsent(measured.pools(), k -> new ArrayList<>()).add(server);
            }
        }
        groups.forEach((pools, servers) -> {
            if (servers.size() > 1) {
                out.printf(Locale.ROOT, "pools %s, the median over %d servers:%n", pools, servers.size());
                table(out, predictor, pools, Statistics.median(servers.stream().mapToDouble(ServerCurve::saturation)
                        .toArray()), medianRows(servers), criteria);
            }
        });
        criteria.verdict(out);
    }

    /** One measured rate: its rate and the median over runs (or servers) of p50 and p99. */
    private record Row(double rate, double p50, double p99) {
    }

    private static List<Row> rows(final ServerCurve server) {
        return server.measured().stream().map(s -> new Row(s.rate(), s.p50(), s.p99())).toList();
    }

    /** Servers measured with the same plan: their k-th rates taken together, median by median. */
    private static List<Row> medianRows(final List<ServerCurve> servers) {
        final int count = servers.stream().mapToInt(s -> s.measured().size()).min().orElse(0);
        final List<Row> rows = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            final int index = k;
            final List<RateStep> steps = servers.stream().map(s -> s.measured().get(index)).toList();
            rows.add(new Row(Statistics.median(steps.stream().mapToDouble(RateStep::rate).toArray()),
                    Statistics.median(steps.stream().mapToDouble(RateStep::p50).toArray()),
                    Statistics.median(steps.stream().mapToDouble(RateStep::p99).toArray())));
        }
        return rows;
    }

    private static void table(final PrintStream out, final CapacityPredictor predictor, final Pools pools,
                              final double saturation, final List<Row> rows, final Criteria criteria) {
        final double predicted = predictor.saturation(pools).rate().value();
        out.printf(Locale.ROOT, "  saturation: measured %,.0f/s, predicted %,.0f/s (%s)%n", saturation, predicted,
                percent(predicted, saturation));
        criteria.saturation(pools, predicted, saturation);
        out.println("  rate/s   of sat.  p50 measured  predicted  error    p99 measured  predicted  error");
        for (final Row row : rows) {
            final RatePoint point = predictor.at(pools, row.rate());
            out.printf(Locale.ROOT, "  %7s  %5.0f %%  %12.3f  %9.3f  %6s    %12.3f  %9.3f  %6s%n",
                    String.format(Locale.ROOT, "%,.0f", row.rate()), 100 * row.rate() / saturation, row.p50(),
                    point.p50().value(), percent(point.p50().value(), row.p50()), row.p99(), point.p99().value(),
                    percent(point.p99().value(), row.p99()));
            criteria.p99(pools, row.rate() / saturation, point.p99().value(), row.p99());
        }
    }

    static String percent(final double predicted, final double measured) {
        return Double.isFinite(predicted) ? String.format(Locale.ROOT, "%+.0f %%", 100 * (predicted - measured) / measured)
                : "sat.";
    }

    /** The acceptance figures, kept as the tables are printed. */
    private static final class Criteria {
        private final double saturationWithin;
        private final double p99Within;
        private final double upTo;
        private final List<String> misses = new ArrayList<>();
        private int checked;

        Criteria(final double saturationWithin, final double p99Within, final double upTo) {
            this.saturationWithin = saturationWithin;
            this.p99Within = p99Within;
            this.upTo = upTo;
        }

        void saturation(final Pools pools, final double predicted, final double measured) {
            checked++;
            if (Math.abs(predicted - measured) > saturationWithin * measured) {
                misses.add(String.format(Locale.ROOT, "saturation of %s: %s", pools, percent(predicted, measured)));
            }
        }

        void p99(final Pools pools, final double fraction, final double predicted, final double measured) {
            if (fraction > upTo + 1e-9) {
                return;
            }
            checked++;
            if (!(Math.abs(predicted - measured) <= p99Within * measured)) {
                misses.add(String.format(Locale.ROOT, "p99 of %s at %.0f %% of saturation: %s", pools, 100 * fraction,
                        percent(predicted, measured)));
            }
        }

        void verdict(final PrintStream out) {
            out.printf(Locale.ROOT, "criteria (saturation within %.0f %%, p99 within %.0f %% up to %.0f %% of "
                    + "saturation): %d of %d figures met%n", 100 * saturationWithin, 100 * p99Within, 100 * upTo,
                    checked - misses.size(), checked);
            misses.forEach(miss -> out.println("  missed: " + miss));
        }
    }
}
