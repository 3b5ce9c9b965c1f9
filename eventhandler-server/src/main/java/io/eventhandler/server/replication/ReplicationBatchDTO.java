package io.eventhandler.server.replication;

import java.util.List;

/**
 * What the primary sends its backup in one request: replicas, discard requests and, when it changed or the session
 * is new, the whole mirrored state. An empty batch is the heartbeat.
 *
 * @param epoch             the sender's epoch: a backup serving at a newer one refuses it
 * @param configuredPrimary whether the sender was configured as primary (it wins a tie of epochs)
 * @param state             the mirrored state, or null when unchanged
 * @param numbering         the token of the sender's numbering, which the backup adopts (a take-over continues it)
 */
public record ReplicationBatchDTO(long epoch, boolean configuredPrimary, StateSnapshotDTO state,
                                  List<ReplicaDTO> replicas, List<DiscardDTO> discards, String numbering) {

    public ReplicationBatchDTO {
        replicas = replicas == null ? List.of() : replicas;
        discards = discards == null ? List.of() : discards;
    }
}
