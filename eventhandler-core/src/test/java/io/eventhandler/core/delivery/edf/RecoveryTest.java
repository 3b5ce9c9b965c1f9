package io.eventhandler.core.delivery.edf;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.delivery.edf.Topics.generator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Table 3.3 Recovery on the backup: Discard entries skipped, the rest dispatched by their original deadlines. */
class RecoveryTest {

    private static final long T_C = 1_000_000_000L;

    @Test
    void shouldDispatchOnlyTheCopiesNotMarkedDiscardByTheirOriginalDeadlines() {
        final Map<String, JobGenerator> generators = Map.of(
                "monitoring", generator(2, ReplicationPolicy.SELECTIVE),
                "logging", generator(5, ReplicationPolicy.SELECTIVE));
        final List<BackupEntry<String>> buffer = new ArrayList<>();
        buffer.add(new BackupEntry<>("log-1", "logging", T_C));
        buffer.add(new BackupEntry<>("mon-1", "monitoring", T_C + 10 * MS));
        buffer.add(new BackupEntry<>("mon-2", "monitoring", T_C + 20 * MS));
        buffer.get(1).markDiscard();

        final JobQueue<String> queue = new JobQueue<>(SchedulingPolicy.EDF);
        final long promotedAt = T_C + 200 * MS;
        final Recovery.Report<String> report = Recovery.schedule(buffer, generators::get, queue, promotedAt);

        assertEquals(1, report.skipped());
        assertEquals(2, report.scheduled().size());
        assertEquals(2, queue.statistics().enqueuedDispatches());
        assertEquals(0, queue.statistics().enqueuedReplications(), "the promoted broker has no backup");
        final DeliveryJob<String> first = queue.poll();
        assertEquals("mon-2", first.message().message(), "t_c + 20 + 99 ms precedes t_c + 480 ms");
        assertEquals(T_C + 20 * MS + 99 * MS, first.deadlineMicros());
        final DeliveryJob<String> second = queue.poll();
        assertEquals("log-1", second.message().message());
        assertEquals(T_C + 480 * MS, second.deadlineMicros());
        assertFalse(second.message().replicationJob().isPresent());
        assertTrue(queue.poll() == null);
    }
}
