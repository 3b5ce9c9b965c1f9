package io.eventhandler.petri.capacity;

/**
 * The load a model is calibrated with and answers for: {@code publishers} connections publishing one event type
 * between them, each event delivered to {@code subscribers} SSE subscribers (the fan-out), {@code payloadBytes}
 * per event.
 */
public record LoadShape(int publishers, int subscribers, int payloadBytes) {

    public LoadShape {
        if (publishers < 1 || subscribers < 1 || payloadBytes < 1) {
            throw new IllegalArgumentException("publishers, subscribers and payload bytes must be at least 1");
        }
    }
}
