package io.eventhandler.core.outbox;

/** Why a subscriber's delivery ended; shown in statistics and logs. */
public enum CloseReason {
    /** The subscriber unsubscribed or went away. */
    UNSUBSCRIBED,
    /** A newer subscription of the same subscriber and topic replaced this one. */
    REPLACED,
    /** Writing to the subscriber failed. */
    WRITE_FAILED,
    /**
     * The subscriber stopped keeping up for longer than allowed (a write that does not complete, or a full queue
     * dropping its events): hopeless, so it is disconnected; it may come back and resume from the history.
     */
    TOO_SLOW,
    /** This instance stopped being the primary: the subscriber must go to the one that took over. */
    STEPPED_DOWN,
    /** The Event Handler is shutting down. */
    SHUTDOWN
}
