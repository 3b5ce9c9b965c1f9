package io.eventhandler.server.observability;

/**
 * The body of {@code GET /eventhandler/ready} (and of {@code /health}).
 *
 * @param status {@code READY} (serves publishers and subscribers), {@code STANDBY} (a backup: send traffic to the
 *               primary), {@code UP} for liveness, or {@code DOWN} (503 on both: a delivery worker died, restart the
 *               process)
 * @param role   STANDALONE, PRIMARY or BACKUP
 * @param epoch  the pair's epoch (0 standalone)
 */
public record ReadinessDTO(String status, String role, long epoch) {
}
