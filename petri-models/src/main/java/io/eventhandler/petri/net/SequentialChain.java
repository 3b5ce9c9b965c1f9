package io.eventhandler.petri.net;

import org.oristool.petrinet.Marking;
import org.oristool.petrinet.PetriNet;
import org.oristool.petrinet.Place;
import org.oristool.petrinet.Transition;

import java.util.List;

/**
 * A chain of places joined by timed transitions, one token at the start: the shape of the thesis' two orchestration
 * nets, where each place is a system state and each transition a network hop or a database query.
 */
public final class SequentialChain {

    private SequentialChain() {
    }

    public static ModelNet build(final String first, final List<Hop> hops) {
        final PetriNet net = new PetriNet();
        Place from = net.addPlace(first);
        for (final Hop hop : hops) {
            final Place to = net.addPlace(hop.to());
            final Transition t = net.addTransition(hop.transition());
            t.addFeature(hop.firing().feature());
            net.addPrecondition(from, t);
            net.addPostcondition(t, to);
            from = to;
        }
        final Marking initial = new Marking();
        initial.addTokens(net.getPlace(first), 1);
        return new ModelNet(net, initial);
    }
}
