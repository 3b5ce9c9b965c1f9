package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.ErlangWithTail;
import io.eventhandler.petri.net.StageDistribution.Exponential;
import org.oristool.models.stpn.MarkingExpr;
import org.oristool.models.stpn.trees.StochasticTransitionFeature;
import org.oristool.petrinet.PetriNet;
import org.oristool.petrinet.Place;
import org.oristool.petrinet.Transition;

import java.math.BigDecimal;
import java.util.List;

/**
 * A service time as net structure, from the place a started service marks to the timed transitions that end it.
 * Most distributions are one timed transition. An {@link ErlangWithTail} becomes what it is, a shift (deterministic)
 * then a weighted immediate choice between an Erlang and an exponential: Sirio's simulator samples those natively,
 * whereas a general density is sampled by Metropolis–Hastings, far slower. Every place of the structure inhibits
 * {@code start}, so one slot serves one event at a time. A {@code Histogram} is a choice among its bins, each
 * a uniform transition.
 */
final class ServiceNets {

    private ServiceNets() {
    }

    static List<Transition> build(final PetriNet net, final String name, final Place busy, final Transition start,
                                  final StageDistribution service) {
        if (service instanceof StageDistribution.Histogram histogram) {
            final List<Transition> finishes = new java.util.ArrayList<>();
            for (int bin = 0; bin < histogram.bins(); bin++) {
                final Place chosen = branch(net, name + "_bin" + bin, busy, start, histogram.weight(bin));
                final double lower = histogram.lower(bin);
                final double upper = histogram.upper(bin);
                final Transition finish = net.addTransition(name + "_bin" + bin);
                finish.addFeature(upper > lower ? new StageDistribution.Uniform(lower, upper).feature()
                        : StochasticTransitionFeature.newDeterministicInstance(new BigDecimal(Double.toString(lower))));
                net.addPrecondition(chosen, finish);
                finishes.add(finish);
            }
            return finishes;
        }
        if (!(service instanceof ErlangWithTail mixed)) {
            return List.of(timed(net, name, busy, service));
        }
        Place choosing = busy;
        if (mixed.shift() > 0) {
            choosing = net.addPlace(name + "_Shifted");
            net.addInhibitorArc(choosing, start);
            final Transition floor = net.addTransition(name + "_shift");
            floor.addFeature(StochasticTransitionFeature.newDeterministicInstance(
                    new BigDecimal(Double.toString(mixed.shift()))));
            net.addPrecondition(busy, floor);
            net.addPostcondition(floor, choosing);
        }
        final Place body = branch(net, name + "_body", choosing, start, 1 - mixed.tailWeight());
        final Place tail = branch(net, name + "_tail", choosing, start, mixed.tailWeight());
        return List.of(timed(net, name + "_body", body, new Erlang(mixed.k(), mixed.rate())),
                timed(net, name + "_tail", tail, new Exponential(mixed.tailRate())));
    }

    private static Place branch(final PetriNet net, final String name, final Place from, final Transition start,
                                final double weight) {
        final Place to = net.addPlace(name + "_Chosen");
        net.addInhibitorArc(to, start);
        final Transition choose = net.addTransition("choose_" + name);
        choose.addFeature(StochasticTransitionFeature.newDeterministicInstance(BigDecimal.ZERO,
                MarkingExpr.of(weight)));
        net.addPrecondition(from, choose);
        net.addPostcondition(choose, to);
        return to;
    }

    private static Transition timed(final PetriNet net, final String name, final Place from,
                                    final StageDistribution service) {
        final Transition finish = net.addTransition(name);
        finish.addFeature(service.feature());
        net.addPrecondition(from, finish);
        return finish;
    }
}
