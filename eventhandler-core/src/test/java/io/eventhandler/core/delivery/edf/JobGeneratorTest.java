package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.Admission;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.Micros;
import org.junit.jupiter.api.Test;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.qos.PaperTopics.category;
import static io.eventhandler.core.delivery.edf.Topics.generator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Absolute deadlines from t_c, t_p and the pseudo deadlines; Proposition 1 per message. */
class JobGeneratorTest {

    private static final long T_C = 1_700_000_000_000_000L;

    @Test
    void shouldAnchorTheDeadlinesToTheCreationTime() {
        final JobGenerator monitoring = generator(2, ReplicationPolicy.SELECTIVE);
        for (final long delay : new long[] {0, 2 * MS, 30 * MS}) {
            final JobDeadlines d = monitoring.deadlines(T_C, T_C + delay);
            assertEquals(delay, d.publisherToBrokerMicros());
            // t_p + D^d = t_p + (D − Δ_BS) − (t_p − t_c) = t_c + 99 ms
            assertEquals(T_C + 99 * MS, d.dispatchDeadlineMicros());
            assertEquals(T_C + 49_950, d.replicationDeadlineMicros());
            assertTrue(d.replicate());
        }
    }

    @Test
    void shouldUseTheLowerBoundWhenTheMeasuredDelayIsSmaller() {
        final LatencyBounds bounds = new LatencyBounds(500, 1_000, 20_000, 50, 50_000);
        final JobGenerator monitoring = generator(2, ReplicationPolicy.SELECTIVE, bounds);
        final long arrived = T_C;
        final JobDeadlines fromTheFuture = monitoring.deadlines(arrived + 3 * MS, arrived);
        assertEquals(500, fromTheFuture.publisherToBrokerMicros());
        assertEquals(arrived - 500 + 99 * MS, fromTheFuture.dispatchDeadlineMicros(),
                "a skewed creation stamp buys no later deadline");
        final JobDeadlines slow = monitoring.deadlines(T_C, T_C + 2 * MS);
        assertEquals(2 * MS, slow.publisherToBrokerMicros());
        assertEquals(T_C + 99 * MS, slow.dispatchDeadlineMicros());
    }

    @Test
    void aTopicWhoseCopiesAreKeptReplicatesEveryMessageAndTheDispatchDoesNotCancelIt() {
        final JobGenerator kept = new JobGenerator(Admission.evaluate(category(0), LatencyBounds.PAPER_EXAMPLE),
                ReplicationPolicy.SELECTIVE, true);
        final JobDeadlines d = kept.deadlines(T_C, T_C + MS);
        assertTrue(d.replicate());
        assertTrue(d.keepCopy());
        final PendingMessage<String> message = new PendingMessage<>("e", T_C, d, 1,
                new JobQueue<>(SchedulingPolicy.EDF));
        assertEquals(DispatchOutcome.DISPATCHED, message.startDispatch(0));
        assertFalse(message.replicationJob().orElseThrow().isCancelled(), "the copy is still made");
        assertFalse(generator(2, ReplicationPolicy.SELECTIVE).deadlines(T_C, T_C + MS).keepCopy(),
                "Proposition 1's copies are needed only until the dispatch");
        assertFalse(kept.recoveryDeadlines(T_C, T_C + MS).keepCopy(), "a promoted broker has no backup");
    }

    @Test
    void shouldCreateReplicationJobsOnlyWhereProposition1RequiresIt() {
        for (int c = 0; c <= 5; c++) {
            final JobGenerator g = generator(c, ReplicationPolicy.SELECTIVE);
            final JobDeadlines d = g.deadlines(T_C, T_C + MS);
            assertEquals(c == 2 || c == 5, d.replicate(), "category " + c);
            assertEquals(d.replicate(), g.replicates());
            if (!d.replicate()) {
                assertEquals(Micros.INFINITE, d.replicationDeadlineMicros());
            }
        }
    }

    @Test
    void shouldCountReplicationsAvoidedButNotForBestEffort() {
        final JobGenerator emergency = generator(0, ReplicationPolicy.SELECTIVE);
        final JobGenerator bestEffort = generator(4, ReplicationPolicy.SELECTIVE);
        for (int i = 0; i < 3; i++) {
            emergency.deadlines(T_C + i, T_C + i);
            bestEffort.deadlines(T_C + i, T_C + i);
        }
        assertEquals(3, emergency.replicationsAvoided());
        assertEquals(0, bestEffort.replicationsAvoided());
    }

    @Test
    void shouldReplicateEveryLossTolerantTopicUnderPolicyAll() {
        assertTrue(generator(0, ReplicationPolicy.ALL).replicates());
        assertTrue(generator(3, ReplicationPolicy.ALL).replicates());
        assertFalse(generator(4, ReplicationPolicy.ALL).replicates(), "best effort is never replicated");
    }

    @Test
    void shouldKeepRecoveryDeadlinesAnchoredToTheOriginalCreation() {
        final JobDeadlines d = generator(5, ReplicationPolicy.SELECTIVE).recoveryDeadlines(T_C, T_C + 400 * MS);
        assertEquals(T_C + 480 * MS, d.dispatchDeadlineMicros());
        assertFalse(d.replicate(), "the promoted broker has no backup");
    }

    @Test
    void shouldRefuseToGenerateJobsForARefusedTopic() {
        final var refused = Admission.evaluate(category(0).withRetention(1), LatencyBounds.PAPER_EXAMPLE);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JobGenerator(refused, ReplicationPolicy.SELECTIVE));
        assertTrue(e.getMessage().contains("smallest retention N that admits it is 2"), e.getMessage());
    }
}
