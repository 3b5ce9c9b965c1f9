package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * What the primary sent its backup ({@code GET /eventhandler/mgmt/replication}, the link's counters) and the
 * backup process's CPU, at one moment; a run takes two and subtracts.
 *
 * @param bytesSent       bytes of replica and discard batches the primary sent
 * @param batches         batches sent
 * @param backupCpuMillis CPU time the backup process used so far
 */
record ReplicationCounters(long bytesSent, long batches, long backupCpuMillis) {

    /** The primary's replication view, or null when it does not answer. */
    static JsonNode view(final URI primary) throws InterruptedException {
        try {
            return ManagementJson.get(primary, "/eventhandler/mgmt/replication", Duration.ofSeconds(10));
        } catch (final IOException e) {
            return null;
        }
    }

    /** The counters now. */
    static ReplicationCounters read(final URI primary, final BackupProcess backup) throws IOException,
            InterruptedException {
        final JsonNode view = view(primary);
        if (view == null) {
            throw new IOException("GET /eventhandler/mgmt/replication did not answer");
        }
        final JsonNode link = view.path("link");
        return new ReplicationCounters(link.path("bytesSent").asLong(), link.path("batches").asLong(),
                backup.cpuMillis());
    }

    /** The counts between {@code earlier} and this. */
    ReplicationCounters minus(final ReplicationCounters earlier) {
        return new ReplicationCounters(bytesSent - earlier.bytesSent, batches - earlier.batches,
                backupCpuMillis - earlier.backupCpuMillis);
    }
}
