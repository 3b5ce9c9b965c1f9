package io.eventhandler.api;

/**
 * An event type as the management API shows it ({@code EventTypeResponseDTO} of Arrowhead 4.6; like Arrowhead's, null
 * fields are written out).
 *
 * @param id            the event type's id in the Event Handler's database
 * @param eventTypeName the normalised (trimmed, upper-case) name
 * @param createdAt     ISO-8601 instant
 * @param updatedAt     ISO-8601 instant
 */
public record EventTypeResponseDTO(
        long id,
        String eventTypeName,
        String createdAt,
        String updatedAt) {
}
