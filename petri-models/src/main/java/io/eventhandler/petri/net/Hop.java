package io.eventhandler.petri.net;

/** One step of a sequential chain: the timed transition {@code transition} moves the token into place {@code to}. */
public record Hop(String transition, String to, StageDistribution firing) {
}
