package io.eventhandler.core.replication;

/**
 * A run of one topic's numbers whose copies a full backup buffer pushed out before the primary had them delivered
 * to every subscriber: a take-over cannot dispatch them. Announced to the topic's subscribers as a gap and counted.
 *
 * @param count how many numbers of {@code first..last} were given up (a discard may have come for some in between)
 */
public record GivenUp(String topic, long first, long last, long count) {
}
