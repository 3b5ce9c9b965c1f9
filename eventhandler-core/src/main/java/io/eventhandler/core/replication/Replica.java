package io.eventhandler.core.replication;

import io.eventhandler.core.event.EventDraft;

/**
 * A copy of an accepted event held by the backup.
 *
 * @param topic    the normalised topic
 * @param sequence the number the primary gave it; a promoted backup dispatches the copy under the same number, so
 *                 subscribers that already have it drop it
 * @param draft    the event as published, with its creation time t_c (recovery deadlines stay anchored to it)
 */
public record Replica(String topic, long sequence, EventDraft draft) {
}
