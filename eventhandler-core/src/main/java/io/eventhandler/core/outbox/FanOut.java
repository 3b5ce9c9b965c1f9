package io.eventhandler.core.outbox;

/**
 * A topic as delivery sees it: a name and a fan-out that can be run when a scheduler decides. Delivery needs no more
 * of a topic, so it schedules fan-outs without knowing how a topic keeps its subscribers.
 */
public interface FanOut {

    /** The normalised topic name. */
    String name();

    /**
     * Offer, in sequence order, every accepted event numbered up to {@code sequence} that is not fanned out yet to
     * each subscriber that wants it; the fan-out of an event also fans out the earlier ones still waiting, so each
     * subscriber's queue keeps sequence order whatever order the scheduler runs fan-outs in.
     *
     * @param observer told of each event before it is offered (under the topic's lock; it must not block)
     * @return how many subscriber queues took the event with this sequence number (0 if it was fanned out before)
     */
    int dispatchUpTo(long sequence, FanOutObserver observer);

    /**
     * Whether a fan-out now reaches at most {@code maxSubscribers} subscribers and none of their drains can block
     * (so the thread that accepted an event may run its fan-out and writes itself). False by default.
     */
    default boolean fansOutWithoutBlocking(final int maxSubscribers) {
        return false;
    }
}
