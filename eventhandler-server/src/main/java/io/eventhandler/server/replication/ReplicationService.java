package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.replication.BackupBuffer;
import io.eventhandler.core.replication.FailureDetector;
import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.runtime.RunningLoop;
import io.eventhandler.server.security.OutgoingTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * This instance's part in a primary/backup pair (FRAME §3.4). As primary, the replicas and discard requests the
 * delivery puts in the {@link ReplicaQueue} go to the backup over the {@link ReplicationLink}, with the
 * {@link MirroredState} whenever it changed. As backup it holds the replicas in a {@link BackupBuffer}, refuses
 * publishers and subscribers, and watches the primary (the {@link FailoverMonitor}); when the primary falls silent it
 * promotes itself at a new epoch, dispatches the copies that were not discarded under their original numbers, and
 * numbers new events above the epoch's base. A primary that learns of a newer epoch steps down to backup and closes
 * its streams, so subscribers go to the new one.
 */
public final class ReplicationService implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationService.class);
    /**
     * How long the link waits for the backup's answer. Generous: a batch the backup applied but whose answer came
     * too late counts as failed here, and its copy is then never discarded (a duplicate at the next take-over).
     */
    private static final int PEER_RESPONSE_TIMEOUT_MS = 10_000;
    private static final int PEER_CONNECT_TIMEOUT_MS = 1_000;
    private static final FailoverMonitor.Takeovers NO_TAKEOVERS = new FailoverMonitor.Takeovers(0, 0, null, null, 0,
            0);
    /** How long a stop waits for the link's batch in flight. */
    private static final Duration LINK_STOP = Duration.ofSeconds(2);

    private final ReplicationConfiguration configuration;
    private final long failoverBudgetMicros;
    private final PairRoles roles;
    private final BackupBuffer buffer;
    private final FailureDetector detector;
    private final Broker broker;
    private final MirroredState mirror;
    private final Runner runner;
    private final PeerClient client;
    private final PeerClient probe;
    private final ReplicationLink link;
    private final FailoverMonitor monitor;
    private final PeerGate gate;
    private final RecoveredResends resends = new RecoveredResends();
    /** How long a request waits for a lapsed lease while the link works (a late heartbeat): two failure timeouts. */
    private final long leaseWaitNanos;
    /** Batches being processed now: a primary whose batch is in hand is alive, however long it takes here. */
    private final AtomicInteger receiving = new AtomicInteger();
    private RunningLoop linkLoop;
    private RunningLoop monitorLoop;
    private long stepDowns;

    /**
     * Connects to everything it mirrors and recovers; no thread runs and nothing is asked of the peer before
     * {@link #start()}.
     *
     * @param failoverBudgetMicros x, the failover time admission assumes ({@code eh.qos.failover.ms})
     * @param replicas             the queue the delivery replicates into
     * @param mirror               what the backup mirrors besides replicas
     * @param runner               makes the link's and the monitor's loops
     */
    public ReplicationService(final ReplicationConfiguration configuration, final long failoverBudgetMicros,
                              final OutgoingTls tls, final ObjectMapper mapper, final PairRoles roles,
                              final ReplicaQueue replicas, final Broker broker, final MirroredState mirror,
                              final Runner runner) {
        this.configuration = configuration;
        this.failoverBudgetMicros = failoverBudgetMicros;
        this.roles = roles;
        this.broker = broker;
        this.mirror = mirror;
        this.runner = runner;
        this.buffer = new BackupBuffer(configuration.bufferPerTopic());
        this.gate = new PeerGate(configuration);
        this.leaseWaitNanos = TimeUnit.MILLISECONDS.toNanos(2L * configuration.failureTimeoutMs());
        this.detector = new FailureDetector(System::nanoTime,
                TimeUnit.MILLISECONDS.toNanos(configuration.failureTimeoutMs()));
        if (!configuration.paired()) {
            this.client = null;
            this.probe = null;
            this.link = null;
            this.monitor = null;
            return;
        }
        final URI peer = URI.create(configuration.peer());
        this.client = new PeerClient(peer, tls, mapper, gate.secret(), PEER_CONNECT_TIMEOUT_MS,
                PEER_RESPONSE_TIMEOUT_MS);
        this.probe = new PeerClient(peer, tls, mapper, gate.secret(), configuration.probeTimeoutMs(),
                configuration.probeTimeoutMs());
        this.link = new ReplicationLink(client, mapper, roles, replicas, this::refusedBy, mirror::snapshot,
                configuration.heartbeatMs(), configuration.batchMax(), broker.numbering()::token);
        this.monitor = new FailoverMonitor(roles, detector, buffer, broker, resends, probe, receiving,
                configuration.heartbeatMs(), failoverBudgetMicros);
        mirror.onChange(link::stateChanged);
    }

    /**
     * Decide the role (a peer already serving as primary makes this instance its backup, whatever was configured)
     * and start the link and the monitor. Started once this instance answers HTTP, so the peer can ask it too.
     */
    @Override
    public void start() {
        if (client == null) {
            return;
        }
        decideRole();
        final long heartbeatMs = configuration.heartbeatMs();
        // a round waits a heartbeat for records; a send that takes a second more is a stall of the link
        linkLoop = runner.loop("eh-replication", Duration.ofMillis(heartbeatMs + 1_000), link);
        monitorLoop = runner.loop("eh-failover-monitor",
                Duration.ofMillis(heartbeatMs + configuration.probeTimeoutMs() + 1_000), monitor);
    }

    private void decideRole() {
        PeerStatusDTO peer = null;
        try {
            peer = client.status();
        } catch (final IOException e) {
            LOG.info("peer {} not reachable at start ({}): taking the configured role {}", client.base(),
                    e.getMessage(), configuration.role());
        }
        final RoleState state = roles.state();
        if (peer != null && ReplicationRole.PRIMARY.name().equals(peer.role())) {
            state.standBy(peer.epoch());
            LOG.info("peer {} serves as primary at epoch {}: standing by as its backup", client.base(), peer.epoch());
        } else if (configuration.role() == ReplicationRole.PRIMARY) {
            // a pair that served before continues above the numbers of every earlier epoch
            final long epoch = peer != null && peer.epoch() > 0 ? peer.epoch() + 1 : 0;
            state.servePrimary(epoch);
            broker.continueAbove(RoleState.sequenceBase(epoch));
            roles.disarmLease();
            roles.serving(true);
            LOG.info("serving as primary at epoch {}, backup {}", epoch, client.base());
        } else {
            state.standBy(peer == null ? 0 : peer.epoch());
            LOG.info("standing by as backup of {}", client.base());
        }
    }

    /** Who may call the replication endpoints in plain mode. */
    PeerGate gate() {
        return gate;
    }

    /** Whether publishers and subscribers are served here now. */
    public boolean serving() {
        return roles.serving();
    }

    /**
     * Whether a publish may be acknowledged here now (serving, and not fenced off from a lost backup), waiting a
     * moment for a lease that has only just lapsed.
     */
    public boolean acknowledging() {
        return roles.awaitAcknowledging(leaseWaitNanos);
    }

    /**
     * Whether this instance is configured with the fence ({@code eh.replication.fencing}): its publishes may then
     * wait, before their answer, for a lease that has only just lapsed.
     */
    public boolean fencing() {
        return configuration.fencing();
    }

    /** Serving, but fenced off: no batch taken by the backup within the lease (after a moment's wait for one). */
    public boolean fenced() {
        return roles.serving() && !roles.awaitAcknowledging(leaseWaitNanos);
    }

    /** Count a request refused because of the fence. */
    public void refusedByFence() {
        roles.refusedByFence();
    }

    public ReplicationRole role() {
        return roles.role();
    }

    /** The largest replication batch this instance accepts from its peer ({@code eh.replication.body.max.bytes}). */
    public int batchBodyMaxBytes() {
        return configuration.bodyMaxBytes();
    }

    /** This instance's answer to its peer. */
    public PeerStatusDTO peerStatus() {
        return roles.peerStatus();
    }

    /**
     * Whether a published event is a publisher's resend of an event this instance took over under its original
     * number (acknowledged, not accepted again): false before any take-over.
     */
    public boolean isHeldCopy(final EventDraft draft) {
        return resends.isHeldCopy(draft);
    }

    /** A batch from the peer: 200 with our status when taken, 409 with it when refused. */
    public Received receive(final ReplicationBatchDTO batch) {
        if (client == null) {
            return new Received(false, peerStatus());
        }
        final RoleState.Verdict verdict = roles.state().onPrimaryPeer(batch.epoch(), batch.configuredPrimary());
        if (verdict == RoleState.Verdict.REFUSE) {
            LOG.warn("refused a batch of a primary at epoch {}: this instance is {}", batch.epoch(), roles.state());
            return new Received(false, peerStatus());
        }
        if (verdict == RoleState.Verdict.ACCEPT_AND_DEMOTE) {
            stepDown("the peer serves as primary at the newer epoch " + batch.epoch());
        }
        receiving.incrementAndGet();
        final long arrived = System.nanoTime();
        try {
            detector.heard();
            adoptNumbering(batch.numbering());
            if (batch.state() != null) {
                mirror.apply(batch.state()).join();
            }
            for (final ReplicaDTO replica : batch.replicas()) {
                buffer.hold(ReplicaDocuments.toReplica(replica), RecoveredResends.stampOf(replica.metaData()));
            }
            for (final DiscardDTO discard : batch.discards()) {
                buffer.discard(discard.topic(), discard.sequence());
            }
            detector.heard();
        } finally {
            receiving.decrementAndGet();
        }
        // how long it was held before it counted as heard again: the primary's lease runs from no earlier than that
        return new Received(true, roles.peerStatus((System.nanoTime() - arrived) / 1_000));
    }

    /** A backup takes its primary's numbering: a take-over continues it (new numbers above the epoch's base). */
    private void adoptNumbering(final String token) {
        if (token == null || roles.serving()) {
            return;
        }
        try {
            broker.numbering().adopt(token);
        } catch (final IllegalArgumentException e) {
            LOG.warn("ignored the peer's numbering token: {}", e.getMessage());
        }
    }

    /** The outcome of {@link #receive}. */
    public record Received(boolean accepted, PeerStatusDTO status) {
    }

    /** The peer refused a batch of the link: it serves at a newer epoch. */
    private void refusedBy(final PeerStatusDTO status) {
        if (roles.state().onRefusedBy(status.epoch(), status.configuredPrimary())) {
            stepDown("the peer refused our batch, serving as " + status.role() + " at epoch " + status.epoch());
        }
    }

    /** Stop serving: another instance is primary at a newer epoch. Streams close so subscribers move over. */
    private void stepDown(final String why) {
        synchronized (roles) {
            if (!roles.serving()) {
                return;
            }
            roles.serving(false);
            stepDowns++;
            resends.forget();
        }
        detector.heard(); // watch the new primary from now on
        int closed = 0;
        for (final SubscriberOutbox outbox : broker.outboxes()) {
            if (!(outbox.subscriberKey() instanceof SystemRef)) { // webhooks stay: they are mirrored state
                broker.detach(outbox, CloseReason.STEPPED_DOWN);
                closed++;
            }
        }
        LOG.warn("stepping down to backup: {}; {} streams closed", why, closed);
    }

    /** For {@code GET /eventhandler/mgmt/replication}. */
    public ReplicationStatusDTO statistics() {
        final FailoverMonitor.Takeovers takeovers = monitor == null ? NO_TAKEOVERS : monitor.takeovers();
        synchronized (roles) {
            return new ReplicationStatusDTO(configuration.role().name(), roles.role().name(), roles.serving(),
                    roles.state().epoch(), configuration.peer(), configuration.heartbeatMs(),
                    configuration.failureTimeoutMs(), failoverBudgetMicros / 1_000.0, takeovers.promotions(),
                    stepDowns, takeovers.falseAlarms(), takeovers.lastFailoverMs(), takeovers.lastPromotion(),
                    takeovers.lastRecovered(), takeovers.lastRecoveryRefused(), buffer.statistics(),
                    link == null ? null : link.statistics(), roles.fenced(), roles.fencedRefusals(),
                    resends.recognised());
        }
    }

    @Override
    public void close() {
        if (monitorLoop != null) {
            monitorLoop.stop(Duration.ZERO);
        }
        if (linkLoop != null) {
            linkLoop.stop(LINK_STOP);
        }
        if (client != null) {
            client.close();
            probe.close();
        }
    }
}
