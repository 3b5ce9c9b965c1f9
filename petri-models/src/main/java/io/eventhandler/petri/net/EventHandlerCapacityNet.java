package io.eventhandler.petri.net;

import org.oristool.models.stpn.MarkingExpr;
import org.oristool.models.stpn.trees.StochasticTransitionFeature;
import org.oristool.petrinet.Marking;
import org.oristool.petrinet.PetriNet;
import org.oristool.petrinet.Place;
import org.oristool.petrinet.Transition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The generalised Event Handler net: the thesis' thread-pool net (Fig. 8.1) with our server's two pools. Publishes
 * arrive as a Poisson stream into Request_Queue; an immediate transition gives each one an idle Grizzly worker and
 * an idle core (a core token per CPU replaces the thesis' per-core places and inhibitor arcs), {@code accept} returns
 * both and puts one token per subscriber in Outbox; another immediate transition gives each an idle delivery worker
 * and a core, and {@code write} returns them.
 *
 * <p>One event is tagged: it enters after a warm-up, at a fixed instant, through a parallel set of places sharing
 * the same pools and cores, and exactly one of its subscriber copies is tagged too. The instant Tag_Done gets its
 * token, minus the warm-up, is one subscriber's server-side latency in the loaded system.
 */
public final class EventHandlerCapacityNet {

    public static final String TAG_DONE = "Tag_Done";

    private EventHandlerCapacityNet() {
    }

    public static ModelNet build(final CapacityConfiguration config, final StageModel stages, final double warmUpMs) {
        final PetriNet net = new PetriNet();
        final Place source = net.addPlace("Source");
        final Place queue = net.addPlace("Request_Queue");
        final Place workers = net.addPlace("Idle_Workers");
        final Place delivery = net.addPlace("Idle_Delivery_Workers");
        final Place cores = net.addPlace("Idle_Cores");
        final Place outbox = net.addPlace("Outbox");

        final Transition arrival = net.addTransition("arrival");
        arrival.addFeature(StochasticTransitionFeature.newExponentialInstance(decimal(config.ratePerMs())));
        net.addPrecondition(source, arrival);
        net.addPostcondition(arrival, source);
        net.addPostcondition(arrival, queue);

        final int slots = config.cores();
        stage(net, "accept", slots, queue, workers, cores, stages.accept(), outbox, config.subscribers());
        stage(net, "write", slots, outbox, delivery, cores, stages.write(), null, 0);

        final Place tagSource = net.addPlace("Tag_Source");
        final Place tagQueue = net.addPlace("Tag_Queue");
        final Transition tagArrival = net.addTransition("tag_arrival");
        tagArrival.addFeature(StochasticTransitionFeature.newDeterministicInstance(decimal(warmUpMs)));
        net.addPrecondition(tagSource, tagArrival);
        net.addPostcondition(tagArrival, tagQueue);
        final Place tagOutbox = net.addPlace("Tag_Outbox");
        for (final Transition tagAccept : stage(net, "tag_accept", slots, tagQueue, workers, cores, stages.accept(),
                tagOutbox, 1)) {
            if (config.subscribers() > 1) {
                net.addPostcondition(tagAccept, outbox, config.subscribers() - 1);
            }
        }
        stage(net, "tag_write", slots, tagOutbox, delivery, cores, stages.write(), net.addPlace(TAG_DONE), 1);

        final Marking initial = new Marking();
        initial.addTokens(source, 1);
        initial.addTokens(tagSource, 1);
        initial.addTokens(workers, config.workerThreads());
        initial.addTokens(delivery, config.deliveryThreads());
        initial.addTokens(cores, config.cores());
        return new ModelNet(net, initial);
    }

    /**
     * One copy per core (Sirio's timed transitions are single-server, and a thread runs only while it holds a
     * core): {@code start_<name>_i} (immediate, inhibited while copy i is busy) takes a token from {@code waiting},
     * a thread and a core; {@code <name>_i} (timed) gives the thread and the core back and puts {@code outputs}
     * tokens in {@code next}, if any. Returns the timed transitions.
     */
    private static List<Transition> stage(final PetriNet net, final String name, final int slots,
                                          final Place waiting, final Place threads, final Place cores,
                                          final StageDistribution service, final Place next, final int outputs) {
        final List<Transition> finishes = new ArrayList<>();
        for (int i = 1; i <= slots; i++) {
            final Place busy = net.addPlace(capitalised(name) + "_Busy_" + i);
            final Transition start = net.addTransition("start_" + name + "_" + i);
            start.addFeature(StochasticTransitionFeature.newDeterministicInstance(BigDecimal.ZERO, MarkingExpr.of(1)));
            net.addPrecondition(waiting, start);
            net.addPrecondition(threads, start);
            net.addPrecondition(cores, start);
            net.addInhibitorArc(busy, start);
            net.addPostcondition(start, busy);

            for (final Transition finish : ServiceNets.build(net, name + "_" + i, busy, start, service)) {
                net.addPostcondition(finish, threads);
                net.addPostcondition(finish, cores);
                if (next != null) {
                    net.addPostcondition(finish, next, outputs);
                }
                finishes.add(finish);
            }
        }
        return finishes;
    }

    private static String capitalised(final String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static BigDecimal decimal(final double value) {
        return new BigDecimal(Double.toString(value));
    }
}
