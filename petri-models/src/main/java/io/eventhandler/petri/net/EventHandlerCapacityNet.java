package io.eventhandler.petri.net;

import org.oristool.models.stpn.MarkingExpr;
import org.oristool.models.stpn.trees.StochasticTransitionFeature;
import org.oristool.petrinet.EnablingFunction;
import org.oristool.petrinet.Marking;
import org.oristool.petrinet.PetriNet;
import org.oristool.petrinet.Place;
import org.oristool.petrinet.Transition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The generalised Event Handler net: the thesis' thread-pool net (Fig. 8.1) with our server's two pools. Publishes
 * arrive (Poisson or periodic) into Request_Queue; an immediate transition gives each one an idle Grizzly worker and
 * an idle core (a core token per CPU replaces the thesis' per-core places and inhibitor arcs), {@code accept} returns
 * both and puts one token per subscriber in Outbox; another immediate transition gives each an idle delivery worker
 * and a core, and {@code write} returns them.
 *
 * <p>One event is tagged and so is exactly one of its subscriber copies; the instant Tag_Done gets its token, minus
 * the warm-up, is one subscriber's server-side latency in the loaded system. With Poisson arrivals the tag enters at
 * a fixed instant through a parallel set of places sharing the same pools and cores (Poisson arrivals see time
 * averages). With periodic ones the tag must keep the period, since the idle gap before an event decides its regime:
 * it is the arrival that follows {@code warm-up × rate − 1} regular ones, so the warm-up must be a whole number of
 * periods.
 *
 * <p>With several regimes ({@link RegimeModel}) one token walks a chain of places, one per regime from the hottest:
 * it moves to the next regime's place once every core has been idle for the difference of the two regimes' idle
 * times (the timer restarts whenever a core gets busy, and the next one starts afresh, so the idle times add up).
 * An event takes the stages of the regime that holds the token and puts the token back in the hottest place; the
 * tagged one also marks its regime's {@link #tagRegime tag place} (none for the hottest).
 */
public final class EventHandlerCapacityNet {

    public static final String TAG_DONE = "Tag_Done";

    private EventHandlerCapacityNet() {
    }

    /** The place the tagged event marks when it arrives in {@code regime} (other than the hottest). */
    public static String tagRegime(final RegimeModel.Regime regime) {
        return "Tag_" + capitalised(regime.name());
    }

    public static ModelNet build(final CapacityConfiguration config, final StageModel stages, final double warmUpMs) {
        return build(config, RegimeModel.single(stages), warmUpMs);
    }

    public static ModelNet build(final CapacityConfiguration config, final RegimeModel model, final double warmUpMs) {
        final PetriNet net = new PetriNet();
        final Place source = net.addPlace("Source");
        final Place workers = net.addPlace("Idle_Workers");
        final Place delivery = net.addPlace("Idle_Delivery_Workers");
        final Place cores = net.addPlace("Idle_Cores");
        final Place tagSource = net.addPlace("Tag_Source");
        final Marking initial = new Marking();

        final Transition arrival = net.addTransition("arrival");
        arrival.addFeature(config.arrivals().feature(config.ratePerMs()));
        net.addPrecondition(source, arrival);
        net.addPostcondition(arrival, source);
        final Place arrived = net.addPlace("Arrived");
        final Place tagArrived = net.addPlace("Tag_Arrived");
        if (config.arrivals() == Arrivals.PERIODIC) {
            tagFromTheStream(net, initial, arrival, arrived, tagArrived, tagSource, config, warmUpMs);
        } else {
            net.addPostcondition(arrival, arrived);
            final Transition tagArrival = net.addTransition("tag_arrival");
            tagArrival.addFeature(StochasticTransitionFeature.newDeterministicInstance(decimal(warmUpMs)));
            net.addPrecondition(tagSource, tagArrival);
            net.addPostcondition(tagArrival, tagArrived);
        }

        final Pools pools = new Pools(workers, delivery, cores, config);
        final List<RegimeModel.Regime> regimes = model.regimes();
        if (model.isSingle()) {
            regime(net, "", arrived, tagArrived, null, null, model.hottest().stages(), pools, null);
        } else {
            final Place hottest = net.addPlace(capitalised(model.hottest().name()));
            initial.addTokens(hottest, 1);
            regime(net, "", arrived, tagArrived, hottest, null, model.hottest().stages(), pools, null);
            Place previous = hottest;
            for (int i = 1; i < regimes.size(); i++) {
                final RegimeModel.Regime regime = regimes.get(i);
                final Place state = net.addPlace(capitalised(regime.name()));
                final Transition idle = net.addTransition("idle_to_" + regime.name());
                idle.addFeature(StochasticTransitionFeature.newDeterministicInstance(
                        decimal(regime.fromIdleMs() - regimes.get(i - 1).fromIdleMs())));
                idle.addFeature(new EnablingFunction("Idle_Cores == " + config.cores()));
                net.addPrecondition(previous, idle);
                net.addPostcondition(idle, state);
                regime(net, regime.name() + "_", arrived, tagArrived, state, hottest, regime.stages(), pools,
                        net.addPlace(tagRegime(regime)));
                previous = state;
            }
        }

        initial.addTokens(source, 1);
        initial.addTokens(tagSource, 1);
        initial.addTokens(workers, config.workerThreads());
        initial.addTokens(delivery, config.deliveryThreads());
        initial.addTokens(cores, config.cores());
        return new ModelNet(net, initial);
    }

    /**
     * The tag is arrival number {@code warm-up × rate}: a countdown place lets the regular arrivals through until it
     * is empty, then routes the next one to the tag, then lets the rest through again.
     */
    private static void tagFromTheStream(final PetriNet net, final Marking initial, final Transition arrival,
                                         final Place arrived, final Place tagArrived, final Place tagSource,
                                         final CapacityConfiguration config, final double warmUpMs) {
        final long before = Math.round(warmUpMs * config.ratePerMs()) - 1;
        if (before < 0 || Math.abs((before + 1) / config.ratePerMs() - warmUpMs) > 1e-9 * warmUpMs) {
            throw new IllegalArgumentException("with periodic arrivals the warm-up (" + warmUpMs
                    + " ms) must be a whole number of periods (" + 1 / config.ratePerMs() + " ms)");
        }
        final Place raw = net.addPlace("Arrival");
        final Place countdown = net.addPlace("Countdown");
        initial.addTokens(countdown, (int) before);
        net.addPostcondition(arrival, raw);
        final Transition regular = immediate(net, "route_regular");
        net.addPrecondition(raw, regular);
        net.addPrecondition(countdown, regular);
        net.addPostcondition(regular, arrived);
        final Transition tag = immediate(net, "route_tag");
        net.addPrecondition(raw, tag);
        net.addPrecondition(tagSource, tag);
        net.addInhibitorArc(countdown, tag);
        net.addPostcondition(tag, tagArrived);
        final Transition after = immediate(net, "route_after_tag");
        net.addPrecondition(raw, after);
        net.addInhibitorArc(countdown, after);
        net.addInhibitorArc(tagSource, after);
        net.addPostcondition(after, arrived);
    }

    /**
     * The path of the events that arrive in one regime: entry from {@code arrived} while {@code state} holds a token
     * (moving it to {@code next}, if given), then accept and write with the regime's stages on the shared pools.
     */
    private static void regime(final PetriNet net, final String prefix, final Place arrived, final Place tagArrived,
                               final Place state, final Place next, final StageModel stages, final Pools pools,
                               final Place tagMark) {
        final String upper = prefix.isEmpty() ? "" : capitalised(prefix);
        final Place queue = net.addPlace(upper + "Request_Queue");
        final Place outbox = net.addPlace(upper + "Outbox");
        final Place tagQueue = net.addPlace(upper + "Tag_Queue");
        final Place tagOutbox = net.addPlace(upper + "Tag_Outbox");
        enter(net, prefix + "enter", arrived, queue, state, next, null);
        enter(net, prefix + "tag_enter", tagArrived, tagQueue, state, next, tagMark);

        final int slots = pools.config.cores();
        final int subscribers = pools.config.subscribers();
        stage(net, prefix + "accept", slots, queue, pools.workers, pools.cores, stages.accept(), outbox, subscribers);
        stage(net, prefix + "write", slots, outbox, pools.delivery, pools.cores, stages.write(), null, 0);
        for (final Transition tagAccept : stage(net, prefix + "tag_accept", slots, tagQueue, pools.workers,
                pools.cores, stages.accept(), tagOutbox, 1)) {
            if (subscribers > 1) {
                net.addPostcondition(tagAccept, outbox, subscribers - 1);
            }
        }
        final Place done = net.getPlace(TAG_DONE) != null ? net.getPlace(TAG_DONE) : net.addPlace(TAG_DONE);
        stage(net, prefix + "tag_write", slots, tagOutbox, pools.delivery, pools.cores, stages.write(), done, 1);
    }

    private static void enter(final PetriNet net, final String name, final Place from, final Place to,
                              final Place state, final Place next, final Place mark) {
        final Transition enter = immediate(net, name);
        net.addPrecondition(from, enter);
        net.addPostcondition(enter, to);
        if (state != null && next == null) {
            enter.addFeature(new EnablingFunction(state.getName() + " > 0"));
        } else if (state != null) {
            net.addPrecondition(state, enter);
            net.addPostcondition(enter, next);
        }
        if (mark != null) {
            net.addPostcondition(enter, mark);
        }
    }

    private static Transition immediate(final PetriNet net, final String name) {
        final Transition transition = net.addTransition(name);
        transition.addFeature(StochasticTransitionFeature.newDeterministicInstance(BigDecimal.ZERO, MarkingExpr.of(1)));
        return transition;
    }

    /** The places every regime shares: threads and cores are the same whichever regime an event arrived in. */
    private record Pools(Place workers, Place delivery, Place cores, CapacityConfiguration config) {
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
        final StringBuilder out = new StringBuilder();
        for (final String part : name.split("_", -1)) {
            out.append(part.isEmpty() ? "" : Character.toUpperCase(part.charAt(0)) + part.substring(1)).append('_');
        }
        return out.substring(0, out.length() - 1);
    }

    private static BigDecimal decimal(final double value) {
        return new BigDecimal(Double.toString(value));
    }
}
