package io.eventhandler.server.replication;

import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;

import java.util.concurrent.TimeUnit;
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
    private final boolean fencing;
    private final long leaseNanos;
    private volatile boolean leaseArmed;
    private volatile long leaseUntilNanos;
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

    /** The backup took a batch whose sending started at {@code sentNanos}: the lease runs from then. */
    void renewLease(final long sentNanos) {
        if (fencing) {
            leaseUntilNanos = sentNanos + leaseNanos;
            leaseArmed = true;
        }
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
        return new PeerStatusDTO((serving ? state.role() : ReplicationRole.BACKUP).name(), state.epoch(),
                state.configuredPrimary());
    }
}
