package io.eventhandler.core.delivery.edf;

/** The two job kinds of FRAME's one EDF queue. */
public enum JobKind {
    /** Push the message to every subscriber of its topic (deadline t_p + D^d). */
    DISPATCH,
    /** Push a copy of the message to the backup broker (deadline t_p + D^r). */
    REPLICATE
}
