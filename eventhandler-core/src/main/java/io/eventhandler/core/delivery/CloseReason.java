package io.eventhandler.core.delivery;

/** Why a subscriber's delivery ended; shown in statistics and logs. */
public enum CloseReason {
    /** The subscriber unsubscribed or went away. */
    UNSUBSCRIBED,
    /** A newer subscription of the same subscriber and topic replaced this one. */
    REPLACED,
    /** Writing to the subscriber failed. */
    WRITE_FAILED,
    /** The Event Handler is shutting down. */
    SHUTDOWN
}
