package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.Uniform;
import org.oristool.models.stpn.MarkingExpr;
import org.oristool.models.stpn.trees.StochasticTransitionFeature;
import org.oristool.petrinet.EnablingFunction;
import org.oristool.petrinet.Marking;
import org.oristool.petrinet.PetriNet;
import org.oristool.petrinet.Place;
import org.oristool.petrinet.Transition;

import java.math.BigDecimal;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The thesis' Event Handler thread-pool net (Ch. 8, Fig. 8.1), after Lu &amp; Gokhale: one token per message in
 * Publisher; {@code publish} Erlang(13, 2.088) to Request_Queue; an immediate {@code assign_request_to_thread} guarded
 * by the pool limit; immediate {@code tX} onto core X, inhibited while core X is busy; {@code executing_CoreX}
 * U[0, 1] ms to Ready_to_Send; {@code send} Erlang(6, 2.683) to Subscriber. The thesis never states the pool size
 * nor which places count towards it; we follow IECON (Active_Threads, the executing places and Ready_to_Send, so a
 * thread is held until its event is sent), and take the pool size as a parameter.
 */
public final class ThesisEventHandlerNet {

    public static final String PUBLISHER = "Publisher";
    public static final String REQUEST_QUEUE = "Request_Queue";
    public static final String ACTIVE_THREADS = "Active_Threads";
    public static final String READY_TO_SEND = "Ready_to_Send";
    public static final String SUBSCRIBER = "Subscriber";
    public static final int CORES = 4;

    public static final StageDistribution PUBLISH = new Erlang(13, 2.088);
    public static final StageDistribution EXECUTE = new Uniform(0, 1);
    public static final StageDistribution SEND = new Erlang(6, 2.683);

    private ThesisEventHandlerNet() {
    }

    public static String executing(final int core) {
        return "Executing_Thread_Core" + core;
    }

    public static ModelNet build(final int messages, final int poolSize) {
        final PetriNet net = new PetriNet();
        final Place publisher = net.addPlace(PUBLISHER);
        final Place queue = net.addPlace(REQUEST_QUEUE);
        final Place active = net.addPlace(ACTIVE_THREADS);
        final Place ready = net.addPlace(READY_TO_SEND);
        final Place subscriber = net.addPlace(SUBSCRIBER);

        timed(net, "publish", publisher, queue, PUBLISH);

        final Transition assign = net.addTransition("assign_request_to_thread");
        assign.addFeature(immediate());
        final String busy = IntStream.rangeClosed(1, CORES).mapToObj(ThesisEventHandlerNet::executing)
                .collect(Collectors.joining(" + ", ACTIVE_THREADS + " + ", " + " + READY_TO_SEND));
        assign.addFeature(new EnablingFunction(busy + " < " + poolSize));
        net.addPrecondition(queue, assign);
        net.addPostcondition(assign, active);

        for (int core = 1; core <= CORES; core++) {
            final Place executing = net.addPlace(executing(core));
            final Transition toCore = net.addTransition("t" + core);
            toCore.addFeature(immediate());
            net.addPrecondition(active, toCore);
            net.addInhibitorArc(executing, toCore);
            net.addPostcondition(toCore, executing);
            timed(net, "executing_Core" + core, executing, ready, EXECUTE);
        }
        timed(net, "send", ready, subscriber, SEND);

        final Marking initial = new Marking();
        initial.addTokens(publisher, messages);
        return new ModelNet(net, initial);
    }

    private static void timed(final PetriNet net, final String name, final Place from, final Place to,
                              final StageDistribution firing) {
        final Transition t = net.addTransition(name);
        t.addFeature(firing.feature());
        net.addPrecondition(from, t);
        net.addPostcondition(t, to);
    }

    private static StochasticTransitionFeature immediate() {
        return StochasticTransitionFeature.newDeterministicInstance(BigDecimal.ZERO, MarkingExpr.of(1));
    }
}
