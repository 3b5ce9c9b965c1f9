package io.eventhandler.server.replication;

import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.LongAdder;

/**
 * This instance's role in a pair and whether it serves publishers and subscribers now: read by the request router,
 * the replica queue and the link on every call, changed only by the {@link ReplicationService}.
 */
public final class PairRoles {

    private final boolean paired;
    private final RoleState state;
    /** False while a paired instance decides its role or recovers: publishers and subscribers get 503. */
    private volatile boolean serving;
    /**
     * The fence ({@code eh.replication.fencing}): a primary that has had a backup acknowledges publishes only within
     * a lease from the start of the last batch its backup took. The backup cannot take over before a failure
     * timeout of silence after that batch arrived, so the lease, shorter than that, runs out first: the two never
     * acknowledge at once. A primary fenced off refuses until a batch is taken again, or it learns of a newer epoch
     * and steps down.
     */
    private static final long LEASE_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private final boolean fencing;
    private final long leaseNanos;
    private volatile boolean leaseArmed;
    private volatile long leaseUntilNanos;
    /** Whether the link's last batch was taken (false after one failed): a lapsed lease is then worth waiting for. */
    private volatile boolean linkUp;
    private final LongAdder fencedRefusals = new LongAdder();

    public PairRoles(final ReplicationConfiguration configuration) {
        this.paired = configuration.paired();
        this.state = new RoleState(configuration.role(), 0);
        this.serving = !paired;
        this.fencing = configuration.fencing();
        this.leaseNanos = TimeUnit.MICROSECONDS.toNanos(configuration.leaseMicros());
    }

    /**
     * Whether a publish may be acknowledged here now: serving, and not fenced off (the lease holds, or this primary
     * has had no backup since it began serving). Read on every publish: two volatile reads and a clock read.
     */
    public boolean acknowledging() {
        return serving && (!leaseArmed || System.nanoTime() - leaseUntilNanos < 0);
    }

    /**
     * Whether a publish may be acknowledged, waiting up to {@code maxWaitNanos} for the lease to be renewed while the
     * link's last batch did not fail (a late heartbeat under load, not a lost backup); with a failed link it is
     * refused at once, so a lost backup does not hold request threads.
     */
    public boolean awaitAcknowledging(final long maxWaitNanos) {
        if (acknowledging()) {
            return true;
        }
        final long start = System.nanoTime();
        while (serving && leaseArmed && linkUp && System.nanoTime() - start < maxWaitNanos) {
            LockSupport.parkNanos(LEASE_POLL_NANOS);
            if (acknowledging()) {
                return true;
            }
        }
        return acknowledging();
    }

    /** Serving, but fenced off: the backup has not taken a batch within the lease. */
    public boolean fenced() {
        return serving && leaseArmed && System.nanoTime() - leaseUntilNanos >= 0;
    }

    /** Count a request refused because of the fence. */
    public void refusedByFence() {
        fencedRefusals.increment();
    }

    long fencedRefusals() {
        return fencedRefusals.sum();
    }

    /**
     * The backup took a batch whose sending started at {@code sentNanos} and which it held {@code heldNanos} before
     * it had applied it: it heard this primary no earlier than the sum, so the lease runs from then.
     */
    void renewLease(final long sentNanos, final long heldNanos) {
        if (fencing) {
            leaseUntilNanos = sentNanos + Math.max(0, heldNanos) + leaseNanos;
            linkUp = true;
            leaseArmed = true;
        }
    }

    /** A batch failed: the backup may be gone, so nobody waits for the lease to be renewed. */
    void linkFailed() {
        linkUp = false;
    }

    /** A primary that begins serving has no backup yet: nothing to be fenced off from until one takes a batch. */
    void disarmLease() {
        leaseArmed = false;
    }

    /** Whether publishers and subscribers are served here now. */
    public boolean serving() {
        return serving;
    }

    public ReplicationRole role() {
        return state.role();
    }

    /** Whether this instance is one of a pair. */
    boolean paired() {
        return paired;
    }

    /** Whether this instance is the serving primary, the only one that replicates. */
    boolean servingPrimary() {
        return serving && state.role() == ReplicationRole.PRIMARY;
    }

    void serving(final boolean serving) {
        this.serving = serving;
    }

    RoleState state() {
        return state;
    }

    /** This instance's answer to its peer: a paired instance that does not serve answers as a backup. */
    PeerStatusDTO peerStatus() {
        return peerStatus(0);
    }

    /** As {@link #peerStatus()}, answering a batch this instance held for {@code heldMicros} before it was applied. */
    PeerStatusDTO peerStatus(final long heldMicros) {
        return new PeerStatusDTO((serving ? state.role() : ReplicationRole.BACKUP).name(), state.epoch(),
                state.configuredPrimary(), heldMicros);
    }
}
