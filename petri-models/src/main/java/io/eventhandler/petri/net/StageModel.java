package io.eventhandler.petri.net;

/**
 * The fitted service times of the generalised net, in ms: {@code accept} is a Grizzly worker's time from receiving a
 * publish to handing it to the broker; {@code write} a delivery worker's time from taking an event off a subscriber's
 * outbox to having written it; {@code transport} everything outside the server (the publisher's send, both network
 * hops, the subscriber's parse), which no pool or core limits, so it is convolved with the net's result rather
 * than put in the net.
 */
public record StageModel(StageDistribution accept, StageDistribution write, StageDistribution transport) {
}
