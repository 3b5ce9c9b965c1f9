package io.eventhandler.core.delivery.edf;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Table 3.3 on the primary, every interleaving of dispatch and replication, and exactly one discard request. */
class DispatchReplicateFlagsTest {

    @Test
    void shouldRequestTheDiscardFromTheDispatchWhenTheReplicaLandedFirst() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertTrue(f.tryStartReplication());
        assertFalse(f.replicationCompleted(), "not dispatched yet: nothing to discard");
        assertEquals(DispatchOutcome.PENDING, f.startDispatch(1));
        assertEquals(DispatchOutcome.DISPATCHED_REQUEST_DISCARD, f.subscriberDone());
        assertTrue(f.isDiscardRequested());
    }

    @Test
    void shouldRequestTheDiscardFromTheReplicaWhenItLandsAfterTheDispatch() {
        // the race Table 3.3 leaves open: the replica is in flight when the dispatch completes
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertTrue(f.tryStartReplication());
        assertEquals(DispatchOutcome.DISPATCHED, f.startDispatch(0), "Replicated is not set yet");
        assertFalse(f.isDiscardRequested());
        assertTrue(f.replicationCompleted(), "the replica that finishes second must ask for the discard");
        assertTrue(f.isDiscardRequested());
    }

    @Test
    void shouldAbortAReplicationThatStartsAfterTheDispatch() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertEquals(DispatchOutcome.DISPATCHED, f.startDispatch(0));
        assertFalse(f.tryStartReplication());
        assertFalse(f.isReplicated());
        assertFalse(f.isDiscardRequested());
    }

    @Test
    void aKeptCopyIsMadeAfterTheDispatchAndItsDiscardRequestedOnceAcknowledged() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertEquals(DispatchOutcome.DISPATCHED, f.startDispatch(0));
        assertTrue(f.tryStartReplication(true));
        assertTrue(f.replicationCompleted(), "dispatched already: the replicator asks for the discard");
        assertTrue(f.isDiscardRequested());
        assertFalse(f.tryStartReplication(true), "replicated: no second copy");
    }

    @Test
    void shouldRequestNoDiscardWhenTheReplicaFailed() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertTrue(f.tryStartReplication());
        assertEquals(DispatchOutcome.PENDING, f.startDispatch(1));
        f.replicationFailed();
        assertEquals(DispatchOutcome.DISPATCHED, f.subscriberDone());
        assertFalse(f.isDiscardRequested());
        assertFalse(f.tryStartReplication(), "dispatched: no second attempt");
    }

    @Test
    void shouldSetDispatchedOnlyAfterTheLastSubscriber() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertEquals(DispatchOutcome.PENDING, f.startDispatch(3));
        assertEquals(DispatchOutcome.PENDING, f.subscriberDone());
        assertEquals(DispatchOutcome.PENDING, f.subscriberDone());
        assertFalse(f.isDispatched());
        assertTrue(f.tryStartReplication(), "still replicable while a subscriber is pending");
        assertEquals(DispatchOutcome.DISPATCHED, f.subscriberDone());
        assertTrue(f.isDispatched());
        assertThrows(IllegalStateException.class, f::subscriberDone);
        assertThrows(IllegalStateException.class, () -> f.startDispatch(1));
        assertThrows(IllegalStateException.class, new DispatchReplicateFlags()::subscriberDone, "not started");
    }

    @Test
    void shouldStartAReplicationOnlyOnce() {
        final DispatchReplicateFlags f = new DispatchReplicateFlags();
        assertTrue(f.tryStartReplication());
        assertTrue(f.isReplicationInFlight());
        assertFalse(f.tryStartReplication());
        assertFalse(f.replicationCompleted());
        assertFalse(f.isReplicationInFlight());
        assertFalse(f.tryStartReplication());
        assertThrows(IllegalStateException.class, f::replicationCompleted);
    }

    private static final int IN_FLIGHT = 32;

    @Test
    void shouldHandOutExactlyOneDiscardPerReplicatedMessageUnderContention() throws Exception {
        final int messages = 200_000;
        final DispatchReplicateFlags[] flags = new DispatchReplicateFlags[messages];
        for (int i = 0; i < messages; i++) {
            flags[i] = new DispatchReplicateFlags();
            flags[i].startDispatch(2);
        }
        final AtomicIntegerArray discards = new AtomicIntegerArray(messages);
        final AtomicIntegerArray replicated = new AtomicIntegerArray(messages);
        final AtomicInteger byReplica = new AtomicInteger();
        final CountDownLatch go = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            // two subscribers' pushes completing on different threads
            threads.add(new Thread(() -> {
                await(go);
                for (int i = 0; i < messages; i++) {
                    if (flags[i].subscriberDone() == DispatchOutcome.DISPATCHED_REQUEST_DISCARD) {
                        discards.incrementAndGet(i);
                    }
                }
            }));
        }
        threads.add(new Thread(() -> {
            // keeps up to IN_FLIGHT replicas unacknowledged, so dispatches complete while replicas are in flight
            await(go);
            for (int i = 0; i < messages + IN_FLIGHT; i++) {
                if (i < messages && flags[i].tryStartReplication()) {
                    replicated.set(i, 1);
                }
                final int acked = i - IN_FLIGHT;
                if (acked >= 0 && replicated.get(acked) == 1 && flags[acked].replicationCompleted()) {
                    discards.incrementAndGet(acked);
                    byReplica.incrementAndGet();
                }
            }
        }));
        threads.forEach(Thread::start);
        go.countDown();
        for (final Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
        }
        int replicas = 0;
        for (int i = 0; i < messages; i++) {
            assertTrue(flags[i].isDispatched());
            assertEquals(replicated.get(i), discards.get(i), "message " + i + ": " + flags[i]);
            assertEquals(replicated.get(i) == 1, flags[i].isDiscardRequested());
            replicas += replicated.get(i);
        }
        System.out.printf("flags stress: %d of %d messages replicated, each with exactly one discard, %d of them"
                + " requested by a replica that finished after the dispatch%n", replicas, messages, byReplica.get());
    }

    private static void await(final CountDownLatch latch) {
        try {
            latch.await();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
