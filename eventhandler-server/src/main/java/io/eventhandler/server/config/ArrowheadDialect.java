package io.eventhandler.server.config;

/** The generation of Arrowhead local cloud the Event Handler serves ({@code eh.arrowhead.dialect}). */
public enum ArrowheadDialect {
    /** Arrowhead 4.6 with {@code sr_address} set, else standalone: what the Event Handler always did. */
    ARROWHEAD46,
    /** Arrowhead 5 (5.x core systems: service–operation registry, {@code EVENT_TYPE} authorization rules). */
    ARROWHEAD5
}
