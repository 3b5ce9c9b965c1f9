package io.eventhandler.core.replication;

/**
 * What a publisher stamps on each event so that its resends can be recognised: its random id and its own counter
 * for the topic (the {@code eh-origin} and {@code eh-seq} metadata of the client library).
 */
public record ResendStamp(String origin, long originSequence) {
}
