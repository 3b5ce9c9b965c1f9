package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.Micros;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.delivery.edf.Topics.generator;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** EDF and FCFS order, lazy cancellation, blocking and non-blocking take, counters. */
class JobQueueTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final long T_C = 1_000_000_000L;

    private static JobDeadlines dispatchOnly(final long deadline) {
        return new JobDeadlines(deadline, Micros.INFINITE, false, 0);
    }

    private static List<String> drain(final JobQueue<String> queue) {
        final List<String> out = new ArrayList<>();
        for (DeliveryJob<String> job = queue.poll(); job != null; job = queue.poll()) {
            out.add(job.message().message() + "/" + job.kind());
        }
        return out;
    }

    /** Monitoring (cat. 2, replicated) arrives first, then monitoring (cat. 3), then emergency (cat. 0). */
    private static void mixedArrivals(final JobQueue<String> queue) {
        final JobGenerator monitoringReplicated = generator(2, ReplicationPolicy.SELECTIVE);
        final JobGenerator monitoring = generator(3, ReplicationPolicy.SELECTIVE);
        final JobGenerator emergency = generator(0, ReplicationPolicy.SELECTIVE);
        queue.schedule("m2", T_C, monitoringReplicated.deadlines(T_C, T_C + MS));
        queue.schedule("m3", T_C, monitoring.deadlines(T_C, T_C + MS));
        queue.schedule("e0", T_C, emergency.deadlines(T_C, T_C + 2 * MS));
    }

    @Test
    void shouldLetALaterTighterDeadlineOvertakeInEdf() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        mixedArrivals(queue);
        // deadlines after t_c: e0 dispatch 49, m2 replicate 49.95, m2 dispatch 99, m3 dispatch 99 (arrived later)
        assertEquals(List.of("e0/DISPATCH", "m2/REPLICATE", "m2/DISPATCH", "m3/DISPATCH"), drain(queue));
    }

    @Test
    void shouldServeInArrivalOrderReplicatingFirstInFcfs() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.FCFS);
        mixedArrivals(queue);
        assertEquals(List.of("m2/REPLICATE", "m2/DISPATCH", "m3/DISPATCH", "e0/DISPATCH"), drain(queue));
    }

    @Test
    void shouldBreakEdfTiesByArrival() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        queue.schedule("late", T_C, dispatchOnly(T_C + 10));
        queue.schedule("a", T_C, dispatchOnly(T_C + 5));
        queue.schedule("b", T_C, dispatchOnly(T_C + 5));
        queue.schedule("c", T_C, dispatchOnly(T_C + 5));
        assertEquals(List.of("a/DISPATCH", "b/DISPATCH", "c/DISPATCH", "late/DISPATCH"), drain(queue));
    }

    @Test
    void shouldCancelAQueuedReplicationOnceTheMessageIsDispatched() {
        // under policy ALL an emergency topic is replicated, but its dispatch deadline (49 ms) precedes D^r (49.95 ms)
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        final PendingMessage<String> m = queue.schedule("e0", T_C,
                generator(0, ReplicationPolicy.ALL).deadlines(T_C, T_C + MS));
        assertEquals(2, queue.depth());
        final DeliveryJob<String> first = queue.poll();
        assertSame(m.dispatchJob(), first);
        assertEquals(DispatchOutcome.PENDING, m.startDispatch(2));
        assertEquals(DispatchOutcome.PENDING, m.subscriberDone());
        assertFalse(m.replicationJob().orElseThrow().isCancelled(), "not before every subscriber has it");
        assertEquals(DispatchOutcome.DISPATCHED, m.subscriberDone());
        assertTrue(m.replicationJob().orElseThrow().isCancelled());
        assertEquals(0, queue.depth());
        assertNull(queue.poll(), "the cancelled replication is skipped");
        final JobQueueStatistics s = queue.statistics();
        assertEquals(1, s.enqueuedDispatches());
        assertEquals(1, s.enqueuedReplications());
        assertEquals(1, s.takenDispatches());
        assertEquals(0, s.takenReplications());
        assertEquals(1, s.cancelledReplications());
        assertEquals(1, s.skipped());
        assertEquals(0, s.depth());
    }

    @Test
    void shouldNotCancelAJobAWorkerAlreadyTook() {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.FCFS);
        final PendingMessage<String> m = queue.schedule("m2", T_C,
                generator(2, ReplicationPolicy.SELECTIVE).deadlines(T_C, T_C));
        final DeliveryJob<String> replication = queue.poll();
        assertEquals(JobKind.REPLICATE, replication.kind());
        assertFalse(replication.cancel());
        assertEquals(DispatchOutcome.DISPATCHED, m.startDispatch(0));
        assertEquals(0, queue.statistics().cancelledReplications());
        assertSame(m.dispatchJob(), queue.poll());
    }

    @Test
    void shouldWakeABlockedWorkerAndRespectTimeoutsAndInterrupts() throws Exception {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        assertNull(queue.poll(20, TimeUnit.MILLISECONDS));
        final AtomicReference<DeliveryJob<String>> got = new AtomicReference<>();
        final Thread worker = new Thread(() -> {
            try {
                got.set(queue.take());
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        await().atMost(WAIT).until(() -> worker.getState() == Thread.State.WAITING);
        final PendingMessage<String> m = queue.schedule("x", T_C, dispatchOnly(T_C));
        await().atMost(WAIT).until(() -> got.get() != null);
        assertSame(m.dispatchJob(), got.get());

        final CountDownLatch interrupted = new CountDownLatch(1);
        final Thread idle = new Thread(() -> {
            try {
                queue.take();
            } catch (final InterruptedException e) {
                interrupted.countDown();
            }
        });
        idle.start();
        await().atMost(WAIT).until(() -> idle.getState() == Thread.State.WAITING);
        idle.interrupt();
        assertTrue(interrupted.await(10, TimeUnit.SECONDS));
    }

    @Test
    void shouldHandEveryJobToExactlyOneOfManyConcurrentWorkers() throws Exception {
        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        final int producers = 4;
        final int perProducer = 5_000;
        final Set<DeliveryJob<String>> taken = ConcurrentHashMap.newKeySet();
        final List<Thread> threads = new ArrayList<>();
        final JobGenerator monitoring = generator(2, ReplicationPolicy.SELECTIVE);
        for (int p = 0; p < producers; p++) {
            final int id = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    final long created = T_C + (i * 7L + id) % 1_000;
                    queue.schedule(id + ":" + i, created, monitoring.deadlines(created, created + MS));
                }
            }));
        }
        final int total = producers * perProducer * 2;
        for (int w = 0; w < 4; w++) {
            threads.add(new Thread(() -> {
                try {
                    while (taken.size() < total) {
                        final DeliveryJob<String> job = queue.poll(10, TimeUnit.MILLISECONDS);
                        if (job != null) {
                            assertTrue(taken.add(job), "taken twice: " + job);
                        }
                    }
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (final Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertEquals(total, taken.size());
        final Set<String> messages = new HashSet<>();
        taken.forEach(j -> messages.add(j.message().message()));
        assertEquals(producers * perProducer, messages.size());
        final JobQueueStatistics s = queue.statistics();
        assertEquals(total / 2, s.takenDispatches());
        assertEquals(total / 2, s.takenReplications());
        assertEquals(0, s.depth());
    }
}
