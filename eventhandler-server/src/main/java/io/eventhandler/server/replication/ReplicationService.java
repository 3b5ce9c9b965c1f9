package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.delivery.TopicPlans;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.replication.BackupBuffer;
import io.eventhandler.core.replication.FailureDetector;
import io.eventhandler.core.replication.Replica;
import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.runtime.NamedThreadFactory;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * This instance's part in a primary/backup pair (FRAME §3.4). As primary it is the delivery's {@link Replicator}:
 * replicas and discard requests go to the backup over the {@link ReplicationLink}, with the mirrored state. As
 * backup it holds the replicas in a {@link BackupBuffer}, refuses publishers and subscribers, and watches the
 * primary; when the primary falls silent it promotes itself at a new epoch, dispatches the copies that were not
 * discarded under their original numbers, and numbers new events above the epoch's base. A primary that learns of a
 * newer epoch steps down to backup and closes its streams, so subscribers go to the new one.
 */
public final class ReplicationService implements Replicator, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationService.class);
    /**
     * How long the link waits for the backup's answer. Generous: a batch the backup applied but whose answer came
     * too late counts as failed here, and its copy is then never discarded (a duplicate at the next take-over).
     */
    private static final int PEER_RESPONSE_TIMEOUT_MS = 10_000;
    private static final int PEER_CONNECT_TIMEOUT_MS = 1_000;

    private final ReplicationConfiguration configuration;
    private final long failoverBudgetMicros;
    private final RoleState roles;
    private final BackupBuffer buffer;
    private final FailureDetector detector;
    private final PeerClient client;
    /** A separate connection with a short timeout: the backup's last question before it takes over. */
    private final PeerClient probe;
    /** Batches being processed now: a primary whose batch is in hand is alive, however long it takes here. */
    private final AtomicInteger receiving = new AtomicInteger();
    private volatile long falseAlarms;
    /** Touched by the monitor thread only. */
    private long lastProbeNanos = System.nanoTime() - PROBE_WARM_NANOS;
    private static final long PROBE_WARM_NANOS = TimeUnit.SECONDS.toNanos(5);
    private final ObjectMapper mapper;
    private final Thread monitor;
    private ReplicationLink link;
    private Broker broker;
    private StateMirror mirror;
    /** False while a paired instance decides its role or recovers: publishers and subscribers get 503. */
    private volatile boolean serving;
    private volatile boolean running = true;

    private long promotions;
    private long stepDowns;
    private long lastFailoverMicros = -1;
    private long lastRecovered;
    private long lastRecoveryRefused;
    private Instant lastPromotion;

    /**
     * @param failoverBudgetMicros x, the failover time admission assumes ({@code eh.qos.failover.ms})
     * @param sslContext           TLS as this Event Handler, or null in plain mode
     */
    public ReplicationService(final ReplicationConfiguration configuration, final long failoverBudgetMicros,
                              final SSLContext sslContext, final boolean hostnameVerification,
                              final ObjectMapper mapper) {
        this.configuration = configuration;
        this.failoverBudgetMicros = failoverBudgetMicros;
        this.mapper = mapper;
        this.roles = new RoleState(configuration.role(), 0);
        this.buffer = new BackupBuffer(configuration.bufferPerTopic());
        this.detector = new FailureDetector(System::nanoTime,
                TimeUnit.MILLISECONDS.toNanos(configuration.failureTimeoutMs()));
        this.client = configuration.paired() ? new PeerClient(URI.create(configuration.peer()), sslContext,
                hostnameVerification, mapper, PEER_CONNECT_TIMEOUT_MS, PEER_RESPONSE_TIMEOUT_MS) : null;
        this.probe = configuration.paired() ? new PeerClient(URI.create(configuration.peer()), sslContext,
                hostnameVerification, mapper, configuration.probeTimeoutMs(), configuration.probeTimeoutMs()) : null;
        this.serving = !configuration.paired();
        this.monitor = new NamedThreadFactory("eh-failover-monitor").newThread(this::watch);
    }

    /** Connect to the broker and the state the backup mirrors; before {@link #start()}. */
    public void bind(final Broker broker, final Subscriptions subscriptions, final TopicPlans plans,
                     final EngineService engine) {
        this.broker = broker;
        this.mirror = new StateMirror(subscriptions, plans, engine);
        if (client != null) {
            subscriptions.onChange(this::stateChanged);
            this.link = new ReplicationLink(client, mapper, new LinkPeer(), mirror::snapshot,
                    configuration.heartbeatMs(), configuration.batchMax(), configuration.queueCapacity());
        }
    }

    /**
     * Decide the role (a peer already serving as primary makes this instance its backup, whatever was configured)
     * and start the link and the monitor. Call once this instance answers HTTP, so the peer can ask it too.
     */
    public void start() {
        if (client == null) {
            return;
        }
        PeerStatusDTO peer = null;
        try {
            peer = client.status();
        } catch (final IOException e) {
            LOG.info("peer {} not reachable at start ({}): taking the configured role {}", client.base(),
                    e.getMessage(), configuration.role());
        }
        if (peer != null && ReplicationRole.PRIMARY.name().equals(peer.role())) {
            roles.standBy(peer.epoch());
            LOG.info("peer {} serves as primary at epoch {}: standing by as its backup", client.base(), peer.epoch());
        } else if (configuration.role() == ReplicationRole.PRIMARY) {
            // a pair that served before continues above the numbers of every earlier epoch
            final long epoch = peer != null && peer.epoch() > 0 ? peer.epoch() + 1 : 0;
            roles.servePrimary(epoch);
            broker.continueAbove(RoleState.sequenceBase(epoch));
            serving = true;
            LOG.info("serving as primary at epoch {}, backup {}", epoch, client.base());
        } else {
            roles.standBy(peer == null ? 0 : peer.epoch());
            LOG.info("standing by as backup of {}", client.base());
        }
        link.start();
        monitor.start();
    }

    /** Whether publishers and subscribers are served here now. */
    public boolean serving() {
        return serving;
    }

    public ReplicationRole role() {
        return roles.role();
    }

    /** This instance's answer to its peer. */
    public PeerStatusDTO peerStatus() {
        return new PeerStatusDTO((serving ? roles.role() : ReplicationRole.BACKUP).name(), roles.epoch(),
                roles.configuredPrimary());
    }

    /** The mirrored state changed (a subscription or a topic's QoS): the backup gets it with the next batch. */
    public void stateChanged() {
        if (link != null) {
            link.stateChanged();
        }
    }

    @Override
    public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
        if (client == null) {
            acknowledged.run(); // standalone: nowhere to keep a copy, nothing to wait for
        } else if (serving && roles.role() == ReplicationRole.PRIMARY) {
            link.replicate(event, acknowledged, failed);
        } else {
            failed.run();
        }
    }

    @Override
    public void discard(final Event event) {
        if (link != null && serving) {
            link.discard(event);
        }
    }

    /** A batch from the peer: 200 with our status when taken, 409 with it when refused. */
    public Received receive(final ReplicationBatchDTO batch) {
        if (client == null) {
            return new Received(false, peerStatus());
        }
        final RoleState.Verdict verdict = roles.onPrimaryPeer(batch.epoch(), batch.configuredPrimary());
        if (verdict == RoleState.Verdict.REFUSE) {
            LOG.warn("refused a batch of a primary at epoch {}: this instance is {}", batch.epoch(), roles);
            return new Received(false, peerStatus());
        }
        if (verdict == RoleState.Verdict.ACCEPT_AND_DEMOTE) {
            stepDown("the peer serves as primary at the newer epoch " + batch.epoch());
        }
        receiving.incrementAndGet();
        try {
            detector.heard();
            if (batch.state() != null) {
                mirror.apply(batch.state()).join();
            }
            for (final ReplicaDTO replica : batch.replicas()) {
                buffer.hold(ReplicaDocuments.toReplica(replica));
            }
            for (final DiscardDTO discard : batch.discards()) {
                buffer.discard(discard.topic(), discard.sequence());
            }
            detector.heard();
        } finally {
            receiving.decrementAndGet();
        }
        return new Received(true, peerStatus());
    }

    /** The outcome of {@link #receive}. */
    public record Received(boolean accepted, PeerStatusDTO status) {
    }

    private void watch() {
        final long pauseNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, configuration.heartbeatMs() / 2));
        while (running) {
            if (!serving && roles.role() == ReplicationRole.BACKUP && detector.hasHeard()
                    && System.nanoTime() - lastProbeNanos > PROBE_WARM_NANOS) {
                primaryAnswers(); // keeps the probe's (TLS) connection open: a real probe then needs no handshake
            }
            if (!serving && roles.role() == ReplicationRole.BACKUP && receiving.get() == 0
                    && detector.primaryFailed()) {
                if (primaryAnswers() || !detector.primaryFailed()) {
                    // only slow (a pause here or there), or a batch arrived meanwhile: not failed
                    detector.heard();
                    falseAlarms++;
                } else {
                    promote();
                }
            }
            LockSupport.parkNanos(pauseNanos);
        }
    }

    /** The probe: a primary that is only slow answers as primary; a crashed process refuses the connection. */
    private boolean primaryAnswers() {
        lastProbeNanos = System.nanoTime();
        try {
            final PeerStatusDTO status = probe.status();
            return ReplicationRole.PRIMARY.name().equals(status.role()) && status.epoch() >= roles.epoch();
        } catch (final IOException e) {
            return false;
        }
    }

    /** Table 3.3 Recovery: the copies left in the buffer are dispatched, then new events get the new epoch. */
    private synchronized void promote() {
        final long silentSince = detector.lastHeardNanos();
        final long epoch = roles.promote();
        final List<Replica> copies = buffer.drain();
        int recovered = 0;
        int refused = 0;
        for (final Replica copy : copies) {
            if (broker.restore(copy.draft(), copy.sequence()).isPresent()) {
                recovered++;
            } else {
                refused++;
            }
        }
        broker.continueAbove(RoleState.sequenceBase(epoch));
        detector.forget();
        serving = true;
        promotions++;
        lastRecovered = recovered;
        lastRecoveryRefused = refused;
        lastPromotion = Instant.now();
        lastFailoverMicros = (System.nanoTime() - silentSince) / 1_000;
        LOG.warn("primary {} silent for {} ms: promoted to primary at epoch {}; {} buffered copies dispatched{}",
                client.base(), lastFailoverMicros / 1_000, epoch, recovered,
                refused == 0 ? "" : ", " + refused + " behind the topics' numbers skipped");
        if (lastFailoverMicros > failoverBudgetMicros) {
            LOG.warn("this take-over took {} ms, more than the x = {} ms admission assumes: loss tolerances may not "
                    + "have held; raise eh.qos.failover.ms or find what slowed the detection", lastFailoverMicros / 1_000,
                    failoverBudgetMicros / 1_000.0);
        }
    }

    /** Stop serving: another instance is primary at a newer epoch. Streams close so subscribers move over. */
    private synchronized void stepDown(final String why) {
        if (!serving) {
            return;
        }
        serving = false;
        stepDowns++;
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
    public synchronized ReplicationStatusDTO statistics() {
        return new ReplicationStatusDTO(configuration.role().name(), roles.role().name(), serving, roles.epoch(),
                configuration.peer(), configuration.heartbeatMs(), configuration.failureTimeoutMs(),
                failoverBudgetMicros / 1_000.0,
                promotions, stepDowns, falseAlarms, lastFailoverMicros < 0 ? null : lastFailoverMicros / 1_000.0,
                lastPromotion == null ? null : lastPromotion.toString(), lastRecovered, lastRecoveryRefused,
                buffer.statistics(), link == null ? null : link.statistics());
    }

    private final class LinkPeer implements ReplicationLink.Peer {
        @Override
        public boolean primary() {
            return serving && roles.role() == ReplicationRole.PRIMARY;
        }

        @Override
        public long epoch() {
            return roles.epoch();
        }

        @Override
        public boolean configuredPrimary() {
            return roles.configuredPrimary();
        }

        @Override
        public void refusedBy(final PeerStatusDTO status) {
            if (roles.onRefusedBy(status.epoch(), status.configuredPrimary())) {
                stepDown("the peer refused our batch, serving as " + status.role() + " at epoch " + status.epoch());
            }
        }
    }

    @Override
    public void close() {
        running = false;
        monitor.interrupt();
        if (link != null) {
            link.close();
        }
        if (client != null) {
            client.close();
            probe.close();
        }
    }
}
