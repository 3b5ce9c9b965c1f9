package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.event.Event;
import io.eventhandler.server.runtime.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The primary's side of the replication link: one thread that batches replicas and discard requests, adds the
 * mirrored state when it changed (or the session is new), and sends each batch over the persistent connection; an
 * idle link sends an empty batch every heartbeat interval. The response acknowledges every replica of the batch; a
 * batch that fails fails its replicas (there is nothing to discard for them) and starts a new session.
 */
final class ReplicationLink implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationLink.class);
    private static final long SNAPSHOT_TIMEOUT_MS = 5_000;

    private record Replicate(Event event, Runnable acknowledged, Runnable failed) {
    }

    private record Discard(String topic, long sequence) {
    }

    /** What the link tells the service about its peer. */
    interface Peer {
        /** Whether this instance is the serving primary now (the link idles otherwise). */
        boolean primary();

        long epoch();

        boolean configuredPrimary();

        /** The peer refused a batch: it serves at a newer epoch. */
        void refusedBy(PeerStatusDTO status);
    }

    private final PeerClient client;
    private final ObjectMapper mapper;
    private final Peer peer;
    private final Supplier<CompletableFuture<StateSnapshotDTO>> snapshots;
    private final int heartbeatMs;
    private final int batchMax;
    private final BlockingQueue<Object> queue;
    private final Thread sender;
    private final AtomicLong stateVersion = new AtomicLong(1);
    private volatile boolean running = true;
    private long sentStateVersion;
    private boolean sessionOpen;
    private boolean unreachableLogged;

    private final LongAdder batches = new LongAdder();
    private final LongAdder replicasSent = new LongAdder();
    private final LongAdder replicasFailed = new LongAdder();
    private final LongAdder discardsSent = new LongAdder();
    private final LongAdder discardsLost = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder snapshotsSent = new LongAdder();
    private volatile long lastRoundTripMicros;
    private volatile boolean connected;
    /** The message of the last failure logged, so that a new cause is logged too. */
    private String lastFailure;

    ReplicationLink(final PeerClient client, final ObjectMapper mapper, final Peer peer,
                    final Supplier<CompletableFuture<StateSnapshotDTO>> snapshots, final int heartbeatMs,
                    final int batchMax, final int queueCapacity) {
        this.client = client;
        this.mapper = mapper;
        this.peer = peer;
        this.snapshots = snapshots;
        this.heartbeatMs = heartbeatMs;
        this.batchMax = batchMax;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
        this.sender = new NamedThreadFactory("eh-replication").newThread(this::run);
    }

    void start() {
        sender.start();
    }

    /** Queue a replica; a full queue fails it at once. Never blocks. */
    void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
        if (!queue.offer(new Replicate(event, acknowledged, failed))) {
            replicasFailed.increment();
            failed.run();
        }
    }

    /** Queue a discard request; one that finds the queue full is lost (the copy is re-dispatched on recovery, and
     * subscribers drop it as a duplicate). */
    void discard(final Event event) {
        if (!queue.offer(new Discard(event.topic(), event.sequence()))) {
            discardsLost.increment();
        }
    }

    /** The mirrored state changed: the next batch carries it. */
    void stateChanged() {
        stateVersion.incrementAndGet();
    }

    private void run() {
        final List<Object> batch = new ArrayList<>(batchMax);
        while (running) {
            try {
                if (!peer.primary()) {
                    failQueued();
                    sessionOpen = false;
                    TimeUnit.MILLISECONDS.sleep(heartbeatMs);
                    continue;
                }
                final Object first = queue.poll(heartbeatMs, TimeUnit.MILLISECONDS);
                if (first != null) {
                    batch.add(first);
                    queue.drainTo(batch, batchMax - 1);
                }
                send(batch);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (final RuntimeException e) {
                LOG.error("replication link: unexpected failure; the batch's replicas count as failed", e);
                fail(batch);
            } finally {
                batch.clear();
            }
        }
        failQueued();
    }

    private void send(final List<Object> batch) throws InterruptedException {
        final long version = stateVersion.get();
        StateSnapshotDTO state = null;
        if (!sessionOpen || version != sentStateVersion) {
            state = snapshot();
        }
        final List<ReplicaDTO> replicas = new ArrayList<>();
        final List<DiscardDTO> discards = new ArrayList<>();
        for (final Object item : batch) {
            if (item instanceof Replicate r) {
                replicas.add(ReplicaDocuments.toDto(r.event()));
            } else if (item instanceof Discard d) {
                discards.add(new DiscardDTO(d.topic(), d.sequence()));
            }
        }
        final byte[] body;
        try {
            body = mapper.writeValueAsBytes(new ReplicationBatchDTO(peer.epoch(), peer.configuredPrimary(), state,
                    replicas, discards));
        } catch (final IOException e) {
            throw new IllegalStateException("cannot encode a replication batch", e);
        }
        final long started = System.nanoTime();
        try {
            client.send(body);
            lastRoundTripMicros = (System.nanoTime() - started) / 1_000;
            batches.increment();
            bytesSent.add(body.length);
            replicasSent.add(replicas.size());
            discardsSent.add(discards.size());
            if (state != null) {
                snapshotsSent.increment();
                sentStateVersion = version;
            }
            if (!sessionOpen || !connected) {
                LOG.info("replication link to {} open", client.base());
            }
            sessionOpen = true;
            connected = true;
            unreachableLogged = false;
            for (final Object item : batch) {
                if (item instanceof Replicate r) {
                    r.acknowledged().run();
                }
            }
        } catch (final PeerClient.RefusedException e) {
            fail(batch);
            sessionOpen = false;
            peer.refusedBy(e.status());
        } catch (final IOException e) {
            failures.increment();
            fail(batch);
            sessionOpen = false;
            connected = false;
            // once per cause: a peer that comes up but refuses the batches (e.g. 413) must not hide behind the
            // "connection refused" of its start
            if (!unreachableLogged || !String.valueOf(e.getMessage()).equals(lastFailure)) {
                LOG.warn("replication link to {} down: {}; replicas fail until it is back", client.base(),
                        e.getMessage());
                unreachableLogged = true;
                lastFailure = String.valueOf(e.getMessage());
            }
            TimeUnit.MILLISECONDS.sleep(heartbeatMs); // a refused connection answers at once: do not spin
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

    private void fail(final List<Object> batch) {
        for (final Object item : batch) {
            if (item instanceof Replicate r) {
                replicasFailed.increment();
                r.failed().run();
            } else {
                discardsLost.increment();
            }
        }
    }

    private void failQueued() {
        final List<Object> left = new ArrayList<>();
        queue.drainTo(left);
        fail(left);
    }

    ReplicationLinkDTO statistics() {
        return new ReplicationLinkDTO(client.base().toString(), connected, batches.sum(), replicasSent.sum(),
                replicasFailed.sum(), discardsSent.sum(), discardsLost.sum(), snapshotsSent.sum(), bytesSent.sum(),
                failures.sum(), queue.size(), lastRoundTripMicros);
    }

    @Override
    public void close() {
        running = false;
        sender.interrupt();
        try {
            sender.join(2_000);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
