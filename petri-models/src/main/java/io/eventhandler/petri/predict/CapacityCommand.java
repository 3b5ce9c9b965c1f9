package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.PlaceProbabilities;
import io.eventhandler.petri.analysis.RegenerativeTransient;
import io.eventhandler.petri.fit.HistogramLevels;
import io.eventhandler.petri.fit.StageFit;
import io.eventhandler.petri.fit.StageFitter;
import io.eventhandler.petri.net.Arrivals;
import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.RegimeModel;
import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.net.TransportOffsets;
import io.eventhandler.petri.net.ThesisEventHandlerNet;
import io.eventhandler.petri.plot.CdfPlot;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The capacity predictor's command line (stdout is its output):
 * <pre>
 *   fit     --stages server-stages.csv[,more.csv] --e2e loadgen-samples.csv[,more.csv] --out model.properties [--general-ks 0.08]
 *           [--rate 3000 --cores 1 --workers 2 --delivery 1 --subscribers 4 --arrivals periodic [--runs 4000]
 *            [--stage-form fitted|histogram]
 *            [--cold-stages stages.csv[,more.csv] --cold-e2e samples.csv[,more.csv] --cold-rate 500 --cooling-ms 1.5]
 *            [--hot-stages stages.csv[,more.csv] --hot-e2e samples.csv[,more.csv] --hot-rate 6000 --hot-idle-ms 0.2]]
 *   predict --model model.properties --cores 2 --workers 8 --delivery 2[,4,...] --rate 500 --subscribers 1
 *           [--arrivals poisson|periodic] [--runs 2000] [--csv cdf.csv] [--png cdf.png]
 *   probe   [--gaps 0.1,0.5,1,1.5,2,3,5] [--samples 300]
 *   wakeup  [--gaps 0.05,0.2,1,3] [--samples 1000]
 *   cost    [--max-tokens 3]
 *   thesis
 * </pre>
 * {@code fit} without {@code --rate} is the thesis' one-regime model (transport = end-to-end less the server stages'
 * medians, added back independently). With the calibration run's configuration ({@code --rate} and the pools) the
 * transport becomes the offsets of the end-to-end quantiles over the net's server part, and with a second, slower run
 * ({@code --cold-*}) and the cooling time that {@code probe} measures, the model gets its cold regime; with a faster
 * run ({@code --hot-*}) and the idle time below which an event counts as hot, a hot regime.
 * With several delivery pool sizes, {@code predict} prints a table and recommends the smallest pool whose p99 is
 * within 5% of the best (the thesis' Tables 7.1–7.2 question: more threads bought a lower mean and a worse tail).
 */
public final class CapacityCommand {

    private static final double RECOMMENDATION_SLACK = 1.05;
    private static final int OFFSET_LEVELS = 1000;

    private final PrintStream out;

    CapacityCommand(final PrintStream out) {
        this.out = out;
    }

    /**
     * Runs {@code command} with its {@code --name value} options (the command line of
     * {@code eventhandler-capacity.jar}, where {@code predict} is called {@code simulate}); a bad option throws
     * {@link IllegalArgumentException}.
     */
    public static void execute(final String command, final String[] options, final PrintStream out)
            throws IOException {
        final String[] args = new String[options.length + 1];
        args[0] = command;
        System.arraycopy(options, 0, args, 1, options.length);
        new CapacityCommand(out).run(CommandLine.parse(args));
    }

    void run(final CommandLine line) throws IOException {
        switch (line.command()) {
            case "fit" -> fit(line);
            case "predict" -> predict(line);
            case "cost" -> cost(line.integer("max-tokens", 3));
            case "thesis" -> new ThesisFigures(out).print();
            case "probe" -> new IdleSlowdownProbe(out).run(
                    line.doubles("gaps", IdleSlowdownProbe.DEFAULT_GAPS_MS), line.integer("samples", 300));
            case "wakeup" -> new WakeUpProbe(out).run(
                    line.doubles("gaps", WakeUpProbe.DEFAULT_GAPS_MS), line.integer("samples", 1000));
            default -> throw new IllegalArgumentException("unknown command " + line.command());
        }
    }

    private void fit(final CommandLine line) throws IOException {
        final double threshold = Double.parseDouble(line.optional("general-ks") == null ? "0.08"
                : line.optional("general-ks"));
        final StageFitter fitter = new StageFitter(threshold);
        final List<StageFit> fits = new ArrayList<>();
        final RegimeModel model;
        if (line.optional("rate") == null) {
            model = RegimeModel.single(fitIndependent(fitter, line, fits));
        } else {
            final int runs = line.integer("runs", 4000);
            final boolean empirical = "histogram".equals(line.optional("stage-form"));
            final List<RegimeModel.Regime> regimes = new ArrayList<>();
            double warmFrom = 0;
            if (line.optional("hot-stages") != null) {
                warmFrom = Double.parseDouble(line.required("hot-idle-ms"));
                regimes.add(fitRegime(fitter, line, "hot", 0, runs, empirical, fits));
            }
            regimes.add(fitRegime(fitter, line, "warm", warmFrom, runs, empirical, fits));
            if (line.optional("cold-stages") != null) {
                regimes.add(fitRegime(fitter, line, "cold", Double.parseDouble(line.required("cooling-ms")), runs,
                        empirical, fits));
            }
            model = new RegimeModel(regimes, RegimeModel.Coupling.QUANTILE);
        }
        final StringBuilder description = new StringBuilder();
        for (final StageFit fit : fits) {
            out.println(fit.describe());
            description.append(fit.describe()).append('\n');
        }
        final Path target = Path.of(line.required("out"));
        CalibratedModel.write(model, target, description.toString().strip());
        out.println("model written to " + target);
    }

    /** The thesis' way: the transport is the end-to-end samples less the medians of the server stages. */
    private static StageModel fitIndependent(final StageFitter fitter, final CommandLine line,
                                             final List<StageFit> fits) throws IOException {
        final CalibrationSamples stages = CalibrationSamples.read(line.required("stages"));
        final double[] endToEnd = CalibrationSamples.readColumns(line.required("e2e"));
        final StageFit accept = fitter.fit("accept", stages.stage("accept"));
        final StageFit write = fitter.fit("write", stages.stage("write"));
        final StageFit transport = fitter.fit("transport",
                CalibrationSamples.residual(endToEnd, stages.stage("accept"), stages.stage("write")));
        fits.addAll(List.of(accept, write, transport));
        return new StageModel(accept.distribution(), write.distribution(), transport.distribution());
    }

    /**
     * One regime from its calibration run ({@code --stages}, {@code --e2e} and {@code --rate} for the warm one,
     * {@code --hot-…} and {@code --cold-…} for the others): the server stages as measured, the transport as the
     * offsets of the end-to-end quantiles over those of the server part the net predicts for that run's configuration.
     */
    private static RegimeModel.Regime fitRegime(final StageFitter fitter, final CommandLine line, final String name,
                                                final double fromIdleMs, final int runs, final boolean empirical,
                                                final List<StageFit> fits) throws IOException {
        // the warm regime's options and labels are the unprefixed ones of the one-regime fit
        final boolean warm = "warm".equals(name);
        final String option = warm ? "" : name + "-";
        final String label = warm ? "" : name + " ";
        final CalibrationSamples stages = CalibrationSamples.read(line.required(option + "stages"));
        final double[] endToEnd = CalibrationSamples.readColumns(line.required(option + "e2e"));
        final CapacityConfiguration calibration = configuration(line,
                Double.parseDouble(line.required(option + "rate")));
        final StageFit accept = empirical ? StageFitter.empirical(label + "accept", stages.stage("accept"),
                HistogramLevels.stage()) : fitter.fit(label + "accept", stages.stage("accept"));
        final StageFit write = empirical ? StageFitter.empirical(label + "write", stages.stage("write"),
                HistogramLevels.stage()) : fitter.fit(label + "write", stages.stage("write"));
        // the transport only sizes the simulation's grid here
        final double roughTransport = Math.max(0.001, Arrays.stream(endToEnd).average().orElse(1)
                - accept.distribution().mean() - write.distribution().mean());
        final StageModel server = new StageModel(accept.distribution(), write.distribution(),
                new StageDistribution.Exponential(1 / roughTransport));
        final LatencyDistribution serverPart = new LatencyPredictor(RegimeModel.single(server), runs)
                .serverPart(calibration);
        final TransportOffsets offsets = CalibrationSamples.transportOffsets(endToEnd, serverPart, OFFSET_LEVELS);
        // the offsets' own distribution, for the record and for sizing the prediction's grid
        final StageFit transport = StageFitter.empirical(label + "transport (offsets)",
                Arrays.stream(offsets.offsets()).map(x -> Math.max(0.001, x)).toArray(), HistogramLevels.transport());
        fits.addAll(List.of(accept, write, transport));
        return new RegimeModel.Regime(name,
                new StageModel(accept.distribution(), write.distribution(), transport.distribution()), fromIdleMs,
                offsets);
    }

    private static CapacityConfiguration configuration(final CommandLine line, final double rate) {
        return new CapacityConfiguration(line.integer("cores", 2), line.integer("workers", 8),
                line.integers("delivery").get(0), rate, line.integer("subscribers", 1),
                Arrivals.parse(line.optional("arrivals") == null ? "poisson" : line.optional("arrivals")));
    }

    private void predict(final CommandLine line) throws IOException {
        final RegimeModel model = CalibratedModel.read(Path.of(line.required("model")));
        final LatencyPredictor predictor = new LatencyPredictor(model, line.integer("runs", 2000));
        final List<Integer> pools = line.integers("delivery");
        final CapacityConfiguration base = configuration(line, Double.parseDouble(line.required("rate")));
        final List<Prediction> predictions = new ArrayList<>();
        out.println("delivery_threads  p50_ms   p90_ms   p99_ms   coverage  simulated_in_ms");
        for (final int pool : pools) {
            final Prediction p = predictor.predict(base.withDeliveryThreads(pool));
            predictions.add(p);
            out.printf(Locale.ROOT, "%16d  %7.3f  %7.3f  %7.3f  %8.4f  %d (%d runs)%n", pool, p.p50(), p.p90(), p.p99(),
                    p.endToEnd().coverage(), p.cost().millis(), p.cost().regenerations());
        }
        if (predictions.size() > 1) {
            out.println("recommended delivery threads: " + recommend(predictions).config().deliveryThreads()
                    + " (smallest pool with p99 within 5% of the best)");
        }
        final Prediction shown = predictions.size() > 1 ? recommend(predictions) : predictions.get(0);
        final int runs = line.integer("runs", 2000);
        final double band = SimulationBand.halfWidth(runs);
        out.printf(Locale.ROOT, "simulation error: each CDF value from %d runs is within ±%.3f of the net's (95 %%, "
                + "Dvoretzky–Kiefer–Wolfowitz); p99 of %d delivery threads between %.3f and %.3f ms%n", runs, band,
                shown.config().deliveryThreads(), shown.endToEnd().quantile(Math.max(0, 0.99 - band)),
                shown.endToEnd().quantile(Math.min(0.9999, 0.99 + band)));
        if (line.optional("csv") != null) {
            shown.endToEnd().writeCsv(Path.of(line.optional("csv")));
        }
        if (line.optional("png") != null) {
            final CapacityConfiguration c = shown.config();
            CdfPlot.write(SimulationBand.point(shown, band), String.format(Locale.ROOT,
                    "Simulated latency distribution at %,.0f publishes/s, %d delivery thread(s)%s",
                    c.publishesPerSecond(), c.deliveryThreads(), predictions.size() > 1 ? " (recommended)" : ""),
                    String.format(Locale.ROOT, "%d workers, fan-out %d, %d cores, %s arrivals; Sirio, %d runs",
                            c.workerThreads(), c.subscribers(), c.cores(), c.arrivals().name().toLowerCase(Locale.ROOT),
                            runs), null, Path.of(line.optional("png")));
        }
    }

    static Prediction recommend(final List<Prediction> predictions) {
        final double best = predictions.stream().mapToDouble(Prediction::p99).filter(v -> !Double.isNaN(v)).min()
                .orElse(Double.NaN);
        return predictions.stream()
                .filter(p -> p.p99() <= best * RECOMMENDATION_SLACK)
                .min((a, b) -> Integer.compare(a.config().deliveryThreads(), b.config().deliveryThreads()))
                .orElse(predictions.get(0));
    }

    /** What the exact analysis costs as tokens grow, the thesis' "four tokens" wall. */
    private void cost(final int maxTokens) {
        out.println("tokens  analysis      wall_ms  markings  regenerations");
        for (int tokens = 1; tokens <= maxTokens; tokens++) {
            final PlaceProbabilities result = new RegenerativeTransient(10 + 7 * tokens, 0.1)
                    .analyse(ThesisEventHandlerNet.build(tokens, 4));
            out.printf(Locale.ROOT, "%6d  %-12s  %7d  %8d  %13d%n", tokens, result.cost().analysis(),
                    result.cost().millis(), result.cost().states(), result.cost().regenerations());
        }
    }
}
