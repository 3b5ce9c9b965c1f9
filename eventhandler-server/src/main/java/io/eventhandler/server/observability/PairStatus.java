package io.eventhandler.server.observability;

import io.eventhandler.server.replication.ReplicationLinkDTO;
import io.eventhandler.server.replication.ReplicationStatusDTO;

/**
 * The replication panel of the status page: this instance's role in the pair, its link to the backup (while
 * primary) or its buffer (while backup), and the last take-over.
 *
 * @param configuredRole  the role it was configured with
 * @param role            its role now
 * @param epoch           the pair's epoch
 * @param serving         whether it serves publishers and subscribers
 * @param peer            the other instance, blank when standalone
 * @param linkConnected   whether the last batch reached the backup (false without a link)
 * @param linkQueued      records waiting to be sent to the backup
 * @param linkRoundTripMs round trip of the last batch, ms
 * @param linkFailures    batches that failed
 * @param bufferHeld      copies held for the primary (as backup)
 * @param promotions      take-overs by this instance
 * @param lastPromotion   when the last take-over was, blank if none
 * @param lastFailoverMs  how long it took, ms, or null
 */
public record PairStatus(String configuredRole, String role, long epoch, boolean serving, String peer,
                         boolean linkConnected, int linkQueued, double linkRoundTripMs, long linkFailures,
                         long bufferHeld, long promotions, String lastPromotion, Double lastFailoverMs) {

    static PairStatus of(final ReplicationStatusDTO r) {
        final ReplicationLinkDTO link = r.link();
        return new PairStatus(r.configuredRole(), r.role(), r.epoch(), r.serving(), blank(r.peer()),
                link != null && link.connected(), link == null ? 0 : link.queued(),
                link == null ? 0 : link.lastRoundTripMicros() / 1e3, link == null ? 0 : link.failures(),
                r.buffer() == null ? 0 : r.buffer().held(), r.promotions(), blank(r.lastPromotion()),
                r.lastFailoverMs());
    }

    private static String blank(final String text) {
        return text == null ? "" : text;
    }
}
