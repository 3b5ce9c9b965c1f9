package io.eventhandler.server.replication;

import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;

/**
 * This instance's role in a pair and whether it serves publishers and subscribers now: read by the request router,
 * the replica queue and the link on every call, changed only by the {@link ReplicationService}.
 */
public final class PairRoles {

    private final boolean paired;
    private final RoleState state;
    /** False while a paired instance decides its role or recovers: publishers and subscribers get 503. */
    private volatile boolean serving;

    public PairRoles(final ReplicationConfiguration configuration) {
        this.paired = configuration.paired();
        this.state = new RoleState(configuration.role(), 0);
        this.serving = !paired;
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
