package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityAnswer;
import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.CapacityPredictor;
import io.eventhandler.petri.capacity.ConfigurationAnswer;
import io.eventhandler.petri.capacity.Pools;
import io.eventhandler.petri.capacity.RatePoint;
import io.eventhandler.petri.plot.CdfPlot;
import io.eventhandler.petri.plot.RateCurvePlot;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code predict}: the model's answers in capacity terms, as text, CSV and plots. */
final class PredictCommand implements Command {

    @Override
    public String name() {
        return "predict";
    }

    @Override
    public String summary() {
        return "from a model file: saturation, p50/p99 versus rate, the highest rate under a p99 deadline, the pools";
    }

    @Override
    public String description() {
        return """
                Answers from a model file (see calibrate), for each pool configuration: the saturation rate and
                what limits it, p50 and p99 versus publish rate up to and past the knee (the rate that maximises
                rate / p99), with --p99-under the highest rate whose p99 stays under that deadline, and which pools
                to configure. Each figure comes with the interval the calibration measured. Where the model is weak
                for this calibration, the answer says so. No simulation: milliseconds per configuration.""";
    }

    @Override
    public List<Option> options() {
        return List.of(
                ModelOptions.model("the model file calibrate wrote"),
                Option.of("pools", "WxD,...", "pool configurations to compare: W workers x D delivery threads",
                        "every combination of 1, 2, 4"),
                Option.of("p99-under", "DEADLINE", "a p99 deadline, e.g. 5ms, 800us, 0.01s (a bare number is ms)", null),
                Option.of("rates", "R,R,...", "also print every configuration's p50/p99 at these rates", null),
                Option.flag("all-curves", "print the curve of every configuration, not only the recommended one"),
                Option.of("plot", "FILE.png", "p99 versus rate per configuration, deadline and knee marked", null),
                Option.of("cdf", "FILE.png", "the latency distribution at one rate", null),
                Option.of("cdf-rate", "R", "the rate of --cdf", "the recommended configuration's knee"),
                Option.of("cdf-pools", "WxD", "the configuration of --cdf", "the recommended one"),
                ModelOptions.THREAD_COST,
                Option.of("csv", "FILE", "every configuration's curve: rate, p50, p99 and their intervals", null));
    }

    @Override
    public void run(final Options options, final PrintStream out) throws UsageException, IOException {
        final CapacityModel model = ModelOptions.read(options);
        final List<Pools> configurations = configurations(options.text("pools"));
        final Double deadline = options.has("p99-under") ? Durations.millis(options.text("p99-under")) : null;
        final CapacityPredictor predictor = ModelOptions.predictor(model, options);
        final CapacityAnswer answer = predictor.answer(configurations, deadline);
        final List<AnswerReport.Asked> asked = new ArrayList<>();
        if (options.has("rates")) {
            for (final double rate : options.numbers("rates")) {
                for (final ConfigurationAnswer configuration : answer.configurations()) {
                    asked.add(new AnswerReport.Asked(configuration.pools(), predictor.at(configuration.pools(), rate)));
                }
            }
        }
        new AnswerReport(model, answer).print(out, options.has("all-curves"), asked);
        if (options.has("csv")) {
            CurveCsv.write(answer, Path.of(options.text("csv")));
            out.println("curves written to " + options.text("csv"));
        }
        if (options.has("plot")) {
            RateCurvePlot.write(answer, model, Path.of(options.text("plot")));
            out.println("p99 versus rate plotted to " + options.text("plot"));
        }
        if (options.has("cdf")) {
            cdf(options, predictor, answer, model, out);
        }
    }

    private static void cdf(final Options options, final CapacityPredictor predictor, final CapacityAnswer answer,
                            final CapacityModel model, final PrintStream out) throws UsageException, IOException {
        final Pools pools = options.has("cdf-pools") ? Pools.parse(options.text("cdf-pools"))
                : answer.recommended().pools();
        final double rate = options.has("cdf-rate") ? options.number("cdf-rate", 1)
                : answer.recommended().knee().rate();
        final RatePoint point = predictor.at(pools, rate);
        if (!Double.isFinite(point.p99().value())) {
            throw new UsageException(String.format(Locale.ROOT, "%,.0f/s is beyond the saturation of %s", rate, pools));
        }
        final boolean recommended = pools.equals(answer.recommended().pools());
        CdfPlot.write(point, String.format(Locale.ROOT, "Predicted latency distribution at %,.0f publishes/s, pools %s%s",
                        rate, pools, recommended ? " (recommended)" : ""),
                String.format(Locale.ROOT, "fan-out %d, %d publishers, %d cores; %.0f %% of the saturation of %s",
                        model.load().subscribers(), model.load().publishers(), model.cores(), 100 * point.fraction(),
                        pools), answer.deadlineMs(), Path.of(options.text("cdf")));
        out.printf(Locale.ROOT, "latency distribution of %s at %,.0f/s plotted to %s%n", pools, rate,
                options.text("cdf"));
    }

    static List<Pools> configurations(final String text) {
        final List<Pools> pools = new ArrayList<>();
        if (text == null || text.startsWith("every")) {
            for (final int workers : new int[] {1, 2, 4}) {
                for (final int delivery : new int[] {1, 2, 4}) {
                    pools.add(new Pools(workers, delivery));
                }
            }
            return pools;
        }
        for (final String part : text.split(",")) {
            pools.add(Pools.parse(part));
        }
        return pools;
    }
}
