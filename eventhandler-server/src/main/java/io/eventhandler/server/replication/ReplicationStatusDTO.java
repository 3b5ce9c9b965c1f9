package io.eventhandler.server.replication;

import io.eventhandler.core.replication.BackupBufferStatistics;

/**
 * {@code GET /eventhandler/mgmt/replication}: this instance's role in the pair, its failovers and its buffer or link.
 *
 * @param configuredRole     the role it was configured with
 * @param role               the role it has now
 * @param serving            whether it serves publishers and subscribers now
 * @param failoverBudgetMs   x, the failover time admission assumes: every take-over should be within it
 * @param falseAlarms        silences after which the probe found the primary alive (no take-over)
 * @param lastFailoverMs     the last take-over: from the last batch heard from the failed primary to serving (an
 *                           upper bound of detection plus recovery, to compare with the configured x); null if none
 * @param lastRecovered      buffered copies dispatched by the last take-over
 * @param lastRecoverySkipped copies it could not dispatch in order (behind the topic's numbers)
 * @param buffer             the backup buffer
 * @param link               the replication link (while primary), or null when standalone
 * @param fenced             serving, but fenced off from a lost backup: acknowledging nothing (503) for now
 * @param fencedRefusals     requests refused because of the fence
 * @param resendsRecognised  publishers' resends of events taken over under their original numbers, acknowledged
 *                           and not accepted again
 */
public record ReplicationStatusDTO(String configuredRole, String role, boolean serving, long epoch, String peer,
                                   int heartbeatMs, int failureTimeoutMs, double failoverBudgetMs,
                                   long promotions, long stepDowns,
                                   long falseAlarms,
                                   Double lastFailoverMs, String lastPromotion, long lastRecovered,
                                   long lastRecoverySkipped, BackupBufferStatistics buffer,
                                   ReplicationLinkDTO link, boolean fenced, long fencedRefusals,
                                   long resendsRecognised) {
}
