package io.eventhandler.server.store;

import java.time.Instant;

/**
 * A row of the event type table. Arrowhead creates event types on the fly and never deletes them; so does the store.
 *
 * @param id        the event type's id
 * @param name      trimmed, upper-case
 * @param createdAt when it was first subscribed to
 * @param updatedAt same as {@code createdAt}: event types do not change
 */
public record StoredEventType(long id, String name, Instant createdAt, Instant updatedAt) {
}
