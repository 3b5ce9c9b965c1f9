package io.eventhandler.core.engine.graph;

/** CPEP's two ways of handling a time-consistency violation (§2.4.3). */
public enum ConsistencyPolicy {
    /** Label the event and let consumers decide. */
    MARK,
    /** Drop the stale input and abort the processing that depended on it. */
    SHED
}
