package io.eventhandler.benchmarks.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One tiny run of the topic mix with {@code --backup}: a primary in this JVM, its backup a process of its own, and
 * the replication jobs of categories 2 and 5 (FRAME) sending real copies over the link.
 */
@Timeout(120)
class TopicMixBackupRunTest {

    @Tag("long") // two server processes and a measured run: 12-14 s
    @Test
    void replicationJobsSendCopiesToTheBackupProcess() throws Exception {
        final TopicMixOptions options = TopicMixOptions.parse(new String[] {"--topics", "31", "--runs", "1",
            "--warmup", "1s", "--measure", "2s", "--backup", "--set", "eh.delivery.threads=1"});
        assertTrue(options.backup());
        assertFalse(TopicMixOptions.parse(new String[0]).backup());

        final RunResult result = new TopicMixRun(options).run(FrameSetting.FRAME, 31, 1);

        assertNotNull(result.replication(), "a run with a backup reports what was sent to it");
        assertTrue(result.broker().takenReplications() > 0, result.broker().toString());
        assertTrue(result.replication().bytesSent() > 0, result.replication().toString());
        assertTrue(result.replication().batches() > 0, result.replication().toString());
        assertTrue(result.replication().backupCpuMillis() >= 0, result.replication().toString());
        for (final TopicCategory category : TopicCategory.values()) {
            final CategoryOutcome outcome = result.categories().get(category);
            assertEquals(outcome.expected(), outcome.received(), category + ": " + outcome);
        }
        assertTrue(TopicMixReport.tables(java.util.List.of(result), 31, java.util.List.of(FrameSetting.FRAME), 2)
                .contains("replication sent to the backup (kB)"));
    }
}
