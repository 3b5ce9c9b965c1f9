package io.eventhandler.core.delivery.edf;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The primary's Dispatched / Replicated flags of one message (Table 3.3), lock-free in one word.
 *
 * <p>Table 3.3 sends the discard request only if Replicated is already set when the dispatch completes, so a replica
 * in flight at that moment would stay on the backup and be re-dispatched after a failover. Here both completions set
 * their flag with one compare-and-set on the same word, and whichever completes second sees the other's flag and is
 * told to request the discard: exactly one request whenever both happen, none otherwise. A replication not yet
 * started when the dispatch completes is refused (Table 3.3 "abort if Dispatched").
 */
public final class DispatchReplicateFlags {

    static final int DISPATCHED = 1;
    static final int REPLICATING = 2;
    static final int REPLICATED = 4;
    static final int DISCARD_REQUESTED = 8;

    private static final AtomicIntegerFieldUpdater<DispatchReplicateFlags> BITS =
            AtomicIntegerFieldUpdater.newUpdater(DispatchReplicateFlags.class, "bits");
    private static final AtomicIntegerFieldUpdater<DispatchReplicateFlags> REMAINING =
            AtomicIntegerFieldUpdater.newUpdater(DispatchReplicateFlags.class, "remaining");

    private volatile int bits;
    private static final int NOT_STARTED = Integer.MIN_VALUE;

    private volatile int remaining = NOT_STARTED;

    /**
     * Starts the dispatch to {@code subscribers} subscribers; call once, before the first
     * {@link #subscriberDone()}. With no subscribers the message counts as dispatched at once.
     */
    public DispatchOutcome startDispatch(final int subscribers) {
        if (subscribers < 0) {
            throw new IllegalArgumentException("subscribers must be ≥ 0, was " + subscribers);
        }
        if (!REMAINING.compareAndSet(this, NOT_STARTED, subscribers)) {
            throw new IllegalStateException("dispatch already started");
        }
        return subscribers == 0 ? markDispatched() : DispatchOutcome.PENDING;
    }

    /**
     * One subscriber's push completed (delivered, or definitively dropped: a replica would not help it either). The
     * call that completes the last one marks the message Dispatched.
     */
    public DispatchOutcome subscriberDone() {
        while (true) {
            final int left = remaining;
            if (left <= 0) {
                throw new IllegalStateException(left == NOT_STARTED ? "dispatch not started"
                        : "more subscribers done than started");
            }
            if (REMAINING.compareAndSet(this, left, left - 1)) {
                return left == 1 ? markDispatched() : DispatchOutcome.PENDING;
            }
        }
    }

    private DispatchOutcome markDispatched() {
        while (true) {
            final int old = bits;
            final boolean discard = (old & REPLICATED) != 0;
            final int updated = old | DISPATCHED | (discard ? DISCARD_REQUESTED : 0);
            if (BITS.compareAndSet(this, old, updated)) {
                return discard ? DispatchOutcome.DISPATCHED_REQUEST_DISCARD : DispatchOutcome.DISPATCHED;
            }
        }
    }

    /**
     * Table 3.3 Replicate step 1: claims the replication unless the message is already dispatched (abort) or a
     * replication was already started.
     */
    public boolean tryStartReplication() {
        return tryStartReplication(false);
    }

    /**
     * As above; a copy that is kept ({@code evenIfDispatched}) is made after the dispatch completed too, and the
     * backup asked to discard it once acknowledged ({@link #replicationCompleted}).
     */
    public boolean tryStartReplication(final boolean evenIfDispatched) {
        final int aborting = evenIfDispatched ? REPLICATING | REPLICATED : DISPATCHED | REPLICATING | REPLICATED;
        while (true) {
            final int old = bits;
            if ((old & aborting) != 0) {
                return false;
            }
            if (BITS.compareAndSet(this, old, old | REPLICATING)) {
                return true;
            }
        }
    }

    /**
     * The backup acknowledged the replica: sets Replicated. True when the dispatch completed meanwhile, i.e. the
     * caller must request the discard the dispatcher could not.
     */
    public boolean replicationCompleted() {
        while (true) {
            final int old = bits;
            if ((old & REPLICATING) == 0) {
                throw new IllegalStateException("replication completed without being started");
            }
            final boolean discard = (old & DISPATCHED) != 0;
            final int updated = (old & ~REPLICATING) | REPLICATED | (discard ? DISCARD_REQUESTED : 0);
            if (BITS.compareAndSet(this, old, updated)) {
                return discard;
            }
        }
    }

    /** The replica did not reach the backup; nothing is there to discard. */
    public void replicationFailed() {
        BITS.getAndUpdate(this, b -> b & ~REPLICATING);
    }

    public boolean isDispatched() {
        return (bits & DISPATCHED) != 0;
    }

    /** A replica was sent and neither acknowledged nor failed yet. */
    public boolean isReplicationInFlight() {
        return (bits & REPLICATING) != 0;
    }

    public boolean isReplicated() {
        return (bits & REPLICATED) != 0;
    }

    /** Whether a discard request was handed out (at most once). */
    public boolean isDiscardRequested() {
        return (bits & DISCARD_REQUESTED) != 0;
    }

    @Override
    public String toString() {
        return "Flags{dispatched=" + isDispatched() + ", replicated=" + isReplicated() + ", discardRequested="
                + isDiscardRequested() + "}";
    }
}
