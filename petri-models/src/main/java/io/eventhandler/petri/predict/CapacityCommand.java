package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.PlaceProbabilities;
import io.eventhandler.petri.analysis.RegenerativeTransient;
import io.eventhandler.petri.fit.StageFit;
import io.eventhandler.petri.fit.StageFitter;
import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.net.ThesisEventHandlerNet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity predictor's command line (stdout is its output):
 * <pre>
 *   fit     --stages server-stages.csv --e2e loadgen-samples.csv --out model.properties [--general-ks 0.08]
 *   predict --model model.properties --cores 2 --workers 8 --delivery 2[,4,...] --rate 500 --subscribers 1
 *           [--runs 2000] [--csv cdf.csv] [--png cdf.png]
 *   cost    [--max-tokens 3]
 *   thesis
 * </pre>
 * With several delivery pool sizes, {@code predict} prints a table and recommends the smallest pool whose p99 is
 * within 5% of the best (the thesis' Tables 7.1–7.2 question: more threads bought a lower mean and a worse tail).
 */
public final class CapacityCommand {

    private static final double RECOMMENDATION_SLACK = 1.05;

    private final PrintStream out;

    CapacityCommand(final PrintStream out) {
        this.out = out;
    }

    public static void main(final String[] args) throws IOException {
        try {
            new CapacityCommand(System.out).run(CommandLine.parse(args));
        } catch (final IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println("usage: fit|predict|cost|thesis [--options]; see CapacityCommand's documentation or "
                    + "docs/capacity.md");
            System.exit(2);
        }
    }

    void run(final CommandLine line) throws IOException {
        switch (line.command()) {
            case "fit" -> fit(line);
            case "predict" -> predict(line);
            case "cost" -> cost(line.integer("max-tokens", 3));
            case "thesis" -> new ThesisFigures(out).print();
            default -> throw new IllegalArgumentException("unknown command " + line.command());
        }
    }

    private void fit(final CommandLine line) throws IOException {
        final double threshold = Double.parseDouble(line.optional("general-ks") == null ? "0.08"
                : line.optional("general-ks"));
        final StageFitter fitter = new StageFitter(threshold);
        final CalibrationSamples stages = CalibrationSamples.read(Path.of(line.required("stages")));
        final double[] endToEnd = CalibrationSamples.readColumn(Path.of(line.required("e2e")));
        final StageFit accept = fitter.fit("accept", stages.stage("accept"));
        final StageFit write = fitter.fit("write", stages.stage("write"));
        final StageFit transport = fitter.fit("transport",
                CalibrationSamples.residual(endToEnd, stages.stage("accept"), stages.stage("write")));
        for (final StageFit fit : List.of(accept, write, transport)) {
            out.println(fit.describe());
        }
        final Path target = Path.of(line.required("out"));
        CalibratedModel.write(new StageModel(accept.distribution(), write.distribution(), transport.distribution()),
                target, accept.describe() + "\n" + write.describe() + "\n" + transport.describe());
        out.println("model written to " + target);
    }

    private void predict(final CommandLine line) throws IOException {
        final StageModel model = CalibratedModel.read(Path.of(line.required("model")));
        final LatencyPredictor predictor = new LatencyPredictor(model, line.integer("runs", 2000));
        final List<Integer> pools = line.integers("delivery");
        final CapacityConfiguration base = new CapacityConfiguration(line.integer("cores", 2),
                line.integer("workers", 8), pools.get(0), Double.parseDouble(line.required("rate")),
                line.integer("subscribers", 1));
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
        final Prediction first = predictions.get(0);
        if (line.optional("csv") != null) {
            first.endToEnd().writeCsv(Path.of(line.optional("csv")));
        }
        if (line.optional("png") != null) {
            CdfPlot.write(first, String.format(Locale.ROOT, "predicted end-to-end latency CDF: %s", first.config()),
                    Path.of(line.optional("png")));
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
