package io.eventhandler.petri.analysis;

import io.eventhandler.petri.net.ModelNet;
import org.oristool.models.stpn.TransientSolution;
import org.oristool.models.stpn.trans.RegTransient;
import org.oristool.models.stpn.trees.DeterministicEnablingState;
import org.oristool.petrinet.Marking;
import org.oristool.petrinet.Place;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sirio's regenerative transient analysis (RegTransient). It is exact for Markov-regenerative nets, and unlike the
 * GSPN analyses of Sirio 2.0.3 it handles immediate transitions after timed ones correctly (lab/notebook/capacity-net.md).
 * Each place's series is its expected token count, which for one-token nets is the probability the thesis plotted.
 */
public final class RegenerativeTransient {

    private final double timeBound;
    private final double step;

    public RegenerativeTransient(final double timeBound, final double step) {
        this.timeBound = timeBound;
        this.step = step;
    }

    public PlaceProbabilities analyse(final ModelNet model) {
        final long start = System.nanoTime();
        final TransientSolution<DeterministicEnablingState, Marking> solution = RegTransient.builder()
                .timeBound(new BigDecimal(Double.toString(timeBound)))
                .timeStep(new BigDecimal(Double.toString(step)))
                .greedyPolicy(new BigDecimal(Double.toString(timeBound)), BigDecimal.ZERO)
                .build()
                .compute(model.net(), model.initial());
        final long millis = (System.nanoTime() - start) / 1_000_000;
        final List<Marking> columns = solution.getColumnStates();
        final double[][][] values = solution.getSolution();
        final Map<String, double[]> series = new LinkedHashMap<>();
        for (final Place place : model.net().getPlaces()) {
            final double[] expected = new double[values.length];
            for (int t = 0; t < values.length; t++) {
                for (int j = 0; j < columns.size(); j++) {
                    expected[t] += values[t][0][j] * columns.get(j).getTokens(place);
                }
            }
            series.put(place.getName(), expected);
        }
        final AnalysisCost cost = new AnalysisCost("RegTransient", millis, columns.size(),
                solution.getRegenerations().size());
        return new PlaceProbabilities(step, series, cost);
    }
}
