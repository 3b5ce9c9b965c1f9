package io.eventhandler.server.config;

/** Where each topic's recent events are kept for {@code Last-Event-ID} replay and the management API. */
public enum HistoryMode {
    /** Not kept: a resuming subscriber is told of a gap; the management API has nothing to show. */
    OFF,
    /** In memory: lost with the process; after a restart every topic numbers from 1 again. */
    MEMORY,
    /** In memory and, written behind the hot path, in a store file: reloaded at start, numbering continues. */
    DURABLE
}
