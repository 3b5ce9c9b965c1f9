package io.eventhandler.server.replication;

/** The primary dispatched this event to every subscriber: the backup drops its copy (Table 3.3). */
public record DiscardDTO(String topic, long sequence) {
}
