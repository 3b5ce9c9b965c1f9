package io.eventhandler.core.delivery.edf;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.delivery.edf.Topics.generator;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker pool with asynchronous pushes: every message dispatched once, exactly one discard per replica. */
class DeliveryWorkersTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long T_C = 1_000_000_000L;
    private static final int SUBSCRIBERS = 3;

    private final ExecutorService sinks = Executors.newFixedThreadPool(4);
    private final ExecutorService backupLink = Executors.newFixedThreadPool(2);
    private final Map<String, AtomicInteger> discards = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> dispatches = new ConcurrentHashMap<>();
    private final AtomicInteger dispatchedMessages = new AtomicInteger();
    private DeliveryWorkers<String> workers;

    @AfterEach
    void stop() {
        workers.close();
        sinks.shutdownNow();
        backupLink.shutdownNow();
    }

    private void discard(final String message) {
        discards.computeIfAbsent(message, m -> new AtomicInteger()).incrementAndGet();
    }

    private void afterPush(final PendingMessage<String> m) {
        final DispatchOutcome outcome = m.subscriberDone();
        if (outcome == DispatchOutcome.DISPATCHED_REQUEST_DISCARD) {
            discard(m.message());
        }
        if (outcome != DispatchOutcome.PENDING) {
            dispatchedMessages.incrementAndGet();
        }
    }

    private final JobHandler<String> handler = new JobHandler<>() {
        @Override
        public void dispatch(final PendingMessage<String> m) {
            dispatches.computeIfAbsent(m.message(), k -> new AtomicInteger()).incrementAndGet();
            m.startDispatch(SUBSCRIBERS);
            for (int s = 0; s < SUBSCRIBERS; s++) {
                sinks.execute(() -> afterPush(m));
            }
        }

        @Override
        public void replicate(final PendingMessage<String> m) {
            backupLink.execute(() -> {
                if (m.flags().replicationCompleted()) {
                    discard(m.message());
                }
            });
        }
    };

    @Test
    void shouldDispatchEveryMessageOnceAndDiscardEveryReplicaExactlyOnce() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        workers = new DeliveryWorkers<>(queue, handler, 6, "edf-test");
        workers.start();
        final JobGenerator replicated = generator(0, ReplicationPolicy.ALL);
        final List<PendingMessage<String>> all = new ArrayList<>();
        final int messages = 20_000;
        for (int i = 0; i < messages; i++) {
            final long created = T_C + i * 10L;
            all.add(queue.schedule("m" + i, created, replicated.deadlines(created, created + MS)));
        }
        await().atMost(WAIT).until(() -> dispatchedMessages.get() == messages);
        await().atMost(WAIT).until(() -> queue.depth() == 0
                && all.stream().noneMatch(m -> m.flags().isReplicationInFlight()));
        int replicas = 0;
        for (final PendingMessage<String> m : all) {
            assertEquals(1, dispatches.get(m.message()).get(), m.message());
            final int discarded = discards.getOrDefault(m.message(), new AtomicInteger()).get();
            assertEquals(m.flags().isReplicated() ? 1 : 0, discarded, m.message() + " " + m.flags());
            replicas += m.flags().isReplicated() ? 1 : 0;
        }
        final WorkerStatistics w = workers.statistics();
        final JobQueueStatistics q = queue.statistics();
        assertEquals(messages, w.dispatches());
        assertEquals(replicas, w.replications());
        assertEquals(messages, w.replications() + w.replicationsAborted() + q.cancelledReplications(),
                "every replication job executed, aborted or cancelled: " + w + " " + q);
        assertTrue(q.skipped() <= q.cancelledReplications());
    }

    @Test
    void shouldAbortAReplicationTakenAfterItsMessageWasDispatched() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.FCFS);
        workers = new DeliveryWorkers<>(queue, handler, 1, "edf-test");
        final PendingMessage<String> m = queue.schedule("x", T_C,
                generator(2, ReplicationPolicy.SELECTIVE).deadlines(T_C, T_C));
        final DeliveryJob<String> replication = queue.poll();
        m.startDispatch(0);
        workers.execute(replication);
        assertEquals(1, workers.statistics().replicationsAborted());
        assertEquals(0, workers.statistics().replications());
    }
}
