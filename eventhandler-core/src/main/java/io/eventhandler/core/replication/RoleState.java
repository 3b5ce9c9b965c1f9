package io.eventhandler.core.replication;

/**
 * This instance's role and epoch. Every promotion starts a new epoch; a peer that claims to be primary is accepted
 * only at an epoch at least as new as ours, so a former primary that comes back (or was only paused) learns that it
 * was replaced and serves no more: never two primaries in one epoch. At an equal epoch the instance configured as
 * primary wins. Thread-safe.
 */
public final class RoleState {

    /** Sequence numbers of epoch e start above e · 2^40: room for 10^12 events per topic and epoch. */
    static final int EPOCH_SHIFT = 40;

    /** What to do with a batch from a peer that claims to be primary. */
    public enum Verdict {
        /** Take it: we are its backup. */
        ACCEPT,
        /** Take it, and stop serving: the peer is primary at a newer epoch than ours. */
        ACCEPT_AND_DEMOTE,
        /** Refuse it: we serve at a newer epoch (or are not in a pair); the peer must learn ours. */
        REFUSE
    }

    private final boolean configuredPrimary;
    private ReplicationRole role;
    private long epoch;

    public RoleState(final ReplicationRole initial, final long epoch) {
        this.configuredPrimary = initial == ReplicationRole.PRIMARY;
        this.role = initial;
        this.epoch = epoch;
    }

    /** The first sequence number of an epoch, minus one. */
    public static long sequenceBase(final long epoch) {
        return epoch << EPOCH_SHIFT;
    }

    public synchronized ReplicationRole role() {
        return role;
    }

    public synchronized long epoch() {
        return epoch;
    }

    /** Whether this instance was configured as the primary (it wins a tie). */
    public boolean configuredPrimary() {
        return configuredPrimary;
    }

    /** Serve as primary at {@code newEpoch} (start-up against a peer that is not primary). */
    public synchronized void servePrimary(final long newEpoch) {
        role = ReplicationRole.PRIMARY;
        epoch = Math.max(epoch, newEpoch);
    }

    /** Stand by as backup of a primary at {@code primaryEpoch}. */
    public synchronized void standBy(final long primaryEpoch) {
        role = ReplicationRole.BACKUP;
        epoch = Math.max(epoch, primaryEpoch);
    }

    /**
     * The backup takes over: a new epoch.
     *
     * @return the new epoch
     * @throws IllegalStateException if this instance is not a backup
     */
    public synchronized long promote() {
        if (role != ReplicationRole.BACKUP) {
            throw new IllegalStateException("only a backup can be promoted, this instance is " + role);
        }
        role = ReplicationRole.PRIMARY;
        return ++epoch;
    }

    /**
     * A peer claiming to be primary at {@code peerEpoch} sent us a batch.
     *
     * @param peerConfiguredPrimary whether the peer was configured as primary (it wins a tie)
     */
    public synchronized Verdict onPrimaryPeer(final long peerEpoch, final boolean peerConfiguredPrimary) {
        switch (role) {
            case BACKUP -> {
                if (peerEpoch < epoch) {
                    return Verdict.REFUSE;
                }
                epoch = peerEpoch;
                return Verdict.ACCEPT;
            }
            case PRIMARY -> {
                if (peerEpoch > epoch || peerEpoch == epoch && peerConfiguredPrimary && !configuredPrimary) {
                    role = ReplicationRole.BACKUP;
                    epoch = peerEpoch;
                    return Verdict.ACCEPT_AND_DEMOTE;
                }
                return Verdict.REFUSE;
            }
            default -> {
                return Verdict.REFUSE;
            }
        }
    }

    /**
     * The peer refused our batch, answering that it is primary at {@code peerEpoch}.
     *
     * @return whether we stepped down to backup
     */
    public synchronized boolean onRefusedBy(final long peerEpoch, final boolean peerConfiguredPrimary) {
        if (role == ReplicationRole.PRIMARY
                && (peerEpoch > epoch || peerEpoch == epoch && peerConfiguredPrimary && !configuredPrimary)) {
            role = ReplicationRole.BACKUP;
            epoch = peerEpoch;
            return true;
        }
        return false;
    }

    @Override
    public synchronized String toString() {
        return role + "@" + epoch;
    }
}
