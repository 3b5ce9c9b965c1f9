package io.eventhandler.server.replication;

/**
 * An instance's answer to its peer: its role and epoch ({@code GET /eventhandler/replication/status}, and the body
 * of every batch response, 200 when accepted and 409 when refused).
 */
public record PeerStatusDTO(String role, long epoch, boolean configuredPrimary) {
}
