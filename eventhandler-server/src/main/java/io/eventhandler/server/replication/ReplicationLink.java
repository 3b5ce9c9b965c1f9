package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.runtime.Loop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The primary's side of the replication link, a loop of the runner ({@code eh-replication}): each round takes the
 * replicas and discard requests queued in the {@link ReplicaQueue}, adds the mirrored state when it changed (or the
 * session is new), and sends the batch over the persistent connection; an idle link sends an empty batch every
 * heartbeat interval. The response acknowledges every replica of the batch; a batch that fails fails its replicas
 * (there is nothing to discard for them) and starts a new session.
 */
final class ReplicationLink implements Loop {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationLink.class);
    private static final long SNAPSHOT_TIMEOUT_MS = 5_000;

    /** What the link tells the service about its peer. */
    interface Peer {
        /** The peer refused a batch: it serves at a newer epoch. */
        void refusedBy(PeerStatusDTO status);
    }

    private final PeerClient client;
    private final ObjectMapper mapper;
    private final PairRoles roles;
    private final ReplicaQueue queue;
    private final Peer peer;
    private final Supplier<CompletableFuture<StateSnapshotDTO>> snapshots;
    private final int heartbeatMs;
    private final int batchMax;
    private final Supplier<String> numbering;
    private final List<Object> batch;
    private final AtomicLong stateVersion = new AtomicLong(1);
    private long sentStateVersion;
    private boolean sessionOpen;
    private boolean unreachableLogged;

    private final LongAdder batches = new LongAdder();
    private final LongAdder replicasSent = new LongAdder();
    private final LongAdder discardsSent = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder snapshotsSent = new LongAdder();
    private volatile long lastRoundTripMicros;
    private volatile boolean connected;
    /** The message of the last failure logged, so that a new cause is logged too. */
    private String lastFailure;

    ReplicationLink(final PeerClient client, final ObjectMapper mapper, final PairRoles roles, final ReplicaQueue queue,
                    final Peer peer, final Supplier<CompletableFuture<StateSnapshotDTO>> snapshots,
                    final int heartbeatMs, final int batchMax, final Supplier<String> numbering) {
        this.numbering = numbering;
        this.client = client;
        this.mapper = mapper;
        this.roles = roles;
        this.queue = queue;
        this.peer = peer;
        this.snapshots = snapshots;
        this.heartbeatMs = heartbeatMs;
        this.batchMax = batchMax;
        this.batch = new ArrayList<>(batchMax);
    }

    /** The mirrored state changed: the next batch carries it. */
    void stateChanged() {
        stateVersion.incrementAndGet();
    }

    @Override
    public void round() throws InterruptedException {
        if (!roles.servingPrimary()) {
            queue.failQueued();
            sessionOpen = false;
            TimeUnit.MILLISECONDS.sleep(heartbeatMs);
            return;
        }
        try {
            queue.take(batch, batchMax, heartbeatMs);
            send(batch);
        } catch (final RuntimeException e) {
            LOG.error("replication link: unexpected failure; the batch's replicas count as failed", e);
            queue.fail(batch);
        } finally {
            batch.clear();
        }
    }

    @Override
    public void finish() {
        queue.failQueued();
    }

    private void send(final List<Object> records) throws InterruptedException {
        final long version = stateVersion.get();
        final StateSnapshotDTO state = !sessionOpen || version != sentStateVersion ? snapshot() : null;
        final List<ReplicaDTO> replicas = new ArrayList<>();
        final List<DiscardDTO> discards = new ArrayList<>();
        for (final Object record : records) {
            if (record instanceof ReplicaQueue.Replicate r) {
                replicas.add(ReplicaDocuments.toDto(r.event()));
            } else if (record instanceof ReplicaQueue.Discard d) {
                discards.add(new DiscardDTO(d.topic(), d.sequence()));
            }
        }
        final byte[] body = encode(new ReplicationBatchDTO(roles.state().epoch(), roles.state().configuredPrimary(),
                state, replicas, discards, numbering.get()));
        final long started = System.nanoTime();
        try {
            final PeerStatusDTO taken = client.send(body);
            roles.renewLease(started, TimeUnit.MICROSECONDS.toNanos(taken.heldMicros()));
            lastRoundTripMicros = (System.nanoTime() - started) / 1_000;
            sent(records, body.length, replicas.size(), discards.size(), state == null ? -1 : version);
        } catch (final PeerClient.RefusedException e) {
            roles.linkFailed();
            queue.fail(records);
            sessionOpen = false;
            peer.refusedBy(e.status());
        } catch (final IOException e) {
            roles.linkFailed();
            failures.increment();
            queue.fail(records);
            sessionOpen = false;
            connected = false;
            unreachable(e);
            TimeUnit.MILLISECONDS.sleep(heartbeatMs); // a refused connection answers at once: do not spin
        }
    }

    private byte[] encode(final ReplicationBatchDTO dto) {
        try {
            return mapper.writeValueAsBytes(dto);
        } catch (final IOException e) {
            throw new IllegalStateException("cannot encode a replication batch", e);
        }
    }

    /** The backup holds the batch: count it, and acknowledge its replicas. */
    private void sent(final List<Object> records, final int bytes, final int replicas, final int discards,
                      final long stateVersionSent) {
        batches.increment();
        bytesSent.add(bytes);
        replicasSent.add(replicas);
        discardsSent.add(discards);
        if (stateVersionSent >= 0) {
            snapshotsSent.increment();
            sentStateVersion = stateVersionSent;
        }
        if (!sessionOpen || !connected) {
            LOG.info("replication link to {} open", client.base());
        }
        sessionOpen = true;
        connected = true;
        unreachableLogged = false;
        for (final Object record : records) {
            if (record instanceof ReplicaQueue.Replicate r) {
                r.acknowledged().run();
            }
        }
    }

    /**
     * Logged once per cause: a peer that comes up but refuses the batches (e.g. 413) must not hide behind the
     * "connection refused" of its start.
     */
    private void unreachable(final IOException e) {
        if (!unreachableLogged || !String.valueOf(e.getMessage()).equals(lastFailure)) {
            LOG.warn("replication link to {} down: {}; replicas fail until it is back", client.base(),
                    e.getMessage());
            unreachableLogged = true;
            lastFailure = String.valueOf(e.getMessage());
        }
    }

    private StateSnapshotDTO snapshot() {
        try {
            return snapshots.get().get(SNAPSHOT_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (final ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot take the state snapshot for the backup", e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted taking the state snapshot", e);
        }
    }

    ReplicationLinkDTO statistics() {
        return new ReplicationLinkDTO(client.base().toString(), connected, batches.sum(), replicasSent.sum(),
                queue.replicasFailed(), discardsSent.sum(), queue.discardsLost(), snapshotsSent.sum(), bytesSent.sum(),
                failures.sum(), queue.size(), lastRoundTripMicros);
    }
}
