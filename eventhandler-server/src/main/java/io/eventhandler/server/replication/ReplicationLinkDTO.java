package io.eventhandler.server.replication;

/**
 * The primary's replication link, as {@code GET /eventhandler/mgmt/replication} shows it.
 *
 * @param peer               the backup's base URI
 * @param connected          whether the last batch reached it
 * @param replicasFailed     replicas that did not reach the backup (link down, queue full, refused)
 * @param discardsLost       discard requests that did not reach it (their copies are re-dispatched on recovery and
 *                           dropped by subscribers as duplicates)
 * @param queued             records waiting to be sent
 * @param lastRoundTripMicros the last batch's round trip
 */
public record ReplicationLinkDTO(String peer, boolean connected, long batches, long replicasSent,
                                 long replicasFailed, long discardsSent, long discardsLost, long snapshotsSent,
                                 long bytesSent, long failures, int queued, long lastRoundTripMicros) {
}
