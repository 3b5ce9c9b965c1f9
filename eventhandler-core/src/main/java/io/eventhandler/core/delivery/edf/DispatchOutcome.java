package io.eventhandler.core.delivery.edf;

/** What a step of the dispatch leaves the caller to do. */
public enum DispatchOutcome {
    /** Subscribers remain. */
    PENDING,
    /** Every subscriber has it; nothing else to do. */
    DISPATCHED,
    /** Every subscriber has it and a replica reached the backup: ask the backup to discard it (Table 3.3). */
    DISPATCHED_REQUEST_DISCARD
}
