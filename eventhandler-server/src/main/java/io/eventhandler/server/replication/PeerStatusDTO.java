package io.eventhandler.server.replication;

/**
 * An instance's answer to its peer: its role and epoch ({@code GET /eventhandler/replication/status}, and the body
 * of every batch response, 200 when accepted and 409 when refused).
 *
 * @param heldMicros in a batch's 200: how long the backup held the batch before it had applied it (the primary's
 *                   fencing lease runs from no earlier than its sending plus this); 0 otherwise
 */
public record PeerStatusDTO(String role, long epoch, boolean configuredPrimary, long heldMicros) {
}
