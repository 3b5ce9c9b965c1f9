package io.eventhandler.core.topic;

/**
 * How a resuming subscriber's {@code Last-Event-ID} relates to the numbering the topic uses now.
 */
public enum ResumeNumbering {
    /** Same numbering (or a plain number, taken as such): resume after it. */
    SAME,
    /**
     * The numbering of the run before this one, whose numbers are the same events up to what this run took back
     * from durable storage ({@link Topic#reload}); above that, the numbers were given again to other events.
     */
    PREVIOUS,
    /** A numbering this instance does not know (an earlier run in memory mode): none of its numbers are valid. */
    OTHER
}
