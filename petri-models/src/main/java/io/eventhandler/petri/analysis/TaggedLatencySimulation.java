package io.eventhandler.petri.analysis;

import io.eventhandler.petri.net.ModelNet;
import io.eventhandler.petri.predict.LatencyDistribution;
import org.oristool.analyzer.log.NoOpLogger;
import org.oristool.petrinet.Marking;
import org.oristool.petrinet.MarkingCondition;
import org.oristool.simulator.Sequencer;
import org.oristool.simulator.TimeSeriesRewardResult;
import org.oristool.simulator.rewards.ContinuousRewardTime;
import org.oristool.simulator.rewards.RewardEvaluator;
import org.oristool.simulator.stpn.STPNSimulatorComponentsFactory;
import org.oristool.simulator.stpn.TransientMarkingConditionProbability;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Sirio's simulator on a net with a tagged token (see {@code EventHandlerCapacityNet}): P(Tag_Done marked) at
 * warm-up + t, over many independent runs, is the CDF of the tagged event's latency at t. Exact transient analyses
 * enumerate every interleaving of the concurrently enabled general transitions, which is what stopped Oris at four
 * tokens; a run of the simulator costs only its firings, so it scales with load and fan-out, at the price of a
 * statistical error of about 1/√runs on each CDF value.
 */
public final class TaggedLatencySimulation {

    private final double warmUpMs;
    private final double horizonMs;
    private final double step;
    private final int runs;

    public TaggedLatencySimulation(final double warmUpMs, final double horizonMs, final double step, final int runs) {
        this.warmUpMs = warmUpMs;
        this.horizonMs = horizonMs;
        this.step = step;
        this.runs = runs;
    }

    /** The CDF of the time until {@code donePlace} is marked. */
    public Result simulate(final ModelNet model, final String donePlace) {
        return simulateUntil(model, donePlace + " > 0");
    }

    /**
     * The (possibly defective) CDF of the time until {@code condition}, a Sirio marking condition such as
     * {@code "Tag_Done > 0 && Tag_Cold > 0"}, holds: its final value is the probability the condition ever holds.
     */
    public Result simulateUntil(final ModelNet model, final String condition) {
        return simulateUntil(model, List.of(condition)).get(0);
    }

    /**
     * One CDF per condition, all from the same runs, so that the CDFs of disjoint conditions add up to at most one
     * (two separate simulations would each have their own sampling error).
     */
    public List<Result> simulateUntil(final ModelNet model, final List<String> conditions) {
        final long start = System.nanoTime();
        final Sequencer sequencer = new Sequencer(model.net(), model.initial(), new STPNSimulatorComponentsFactory(),
                NoOpLogger.INSTANCE);
        final int warmUpPoints = (int) Math.round(warmUpMs / step);
        final int points = warmUpPoints + (int) Math.round(horizonMs / step) + 1;
        final List<RewardEvaluator> evaluators = new ArrayList<>();
        for (final String condition : conditions) {
            final TransientMarkingConditionProbability reward = new TransientMarkingConditionProbability(sequencer,
                    new ContinuousRewardTime(new BigDecimal(Double.toString(step))), points,
                    MarkingCondition.fromString(condition));
            evaluators.add(new RewardEvaluator(reward, runs));
        }
        sequencer.simulate();
        final long millis = (System.nanoTime() - start) / 1_000_000;
        final List<Result> results = new ArrayList<>();
        for (final RewardEvaluator evaluator : evaluators) {
            final TimeSeriesRewardResult result = (TimeSeriesRewardResult) evaluator.getResult();
            final double[] cdf = new double[points - warmUpPoints];
            for (final Marking key : result.getMarkings()) {
                final BigDecimal[] series = result.getTimeSeries(key);
                for (int i = 0; i < cdf.length; i++) {
                    cdf[i] += series[warmUpPoints + i].doubleValue();
                }
            }
            results.add(new Result(new LatencyDistribution(step, cdf), new AnalysisCost("simulation", millis, 0, runs)));
        }
        return results;
    }

    /** The simulated CDF and what it cost ({@code regenerations} holds the number of runs). */
    public record Result(LatencyDistribution latency, AnalysisCost cost) {
    }
}
