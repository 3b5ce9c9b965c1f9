package io.eventhandler.server.store;

import io.eventhandler.server.http.ArrowheadException;

import java.util.Locale;

/**
 * Which page of subscriptions the management API asked for, with Arrowhead 4.6's rules and messages
 * ({@code CoreUtilities.validatePageParameters} and {@code calculateDirection}, then
 * {@code EventHandlerDBService.getSubscriptions}): without {@code page} and {@code item_per_page} everything is
 * returned; a negative page is the first; an {@code item_per_page} below one means no limit.
 *
 * @param page      zero-based page number, at least 0
 * @param size      subscriptions per page, at least 1 ({@link Integer#MAX_VALUE}: no limit)
 * @param direction the sort direction
 * @param sortField the field to sort by (ties are broken by id, in the same direction)
 */
public record PageRequest(int page, int size, Direction direction, SortField sortField) {

    /** Arrowhead's message when only one of page and item_per_page is given. */
    public static final String PAGE_AND_SIZE_TOGETHER =
            "Defined page or size could not be with undefined size or page.";
    /** Arrowhead's message for a direction other than ASC or DESC. */
    public static final String INVALID_DIRECTION = "Invalid sort direction flag";
    /** Arrowhead's message suffix for an unknown sort field, after the field as given (trimmed). */
    public static final String NOT_SORTABLE = " sortable field is not available.";

    /** All subscriptions, by ascending id: what the management API answers without parameters. */
    public static final PageRequest ALL = new PageRequest(0, Integer.MAX_VALUE, Direction.ASC, SortField.ID);

    public PageRequest {
        if (page < 0 || size < 1 || direction == null || sortField == null) {
            throw new IllegalArgumentException("page=" + page + ", size=" + size + ", direction=" + direction
                    + ", sortField=" + sortField);
        }
    }

    /** Sort direction, {@code ASC} or {@code DESC} in the query (case-insensitive). */
    public enum Direction { ASC, DESC }

    /** The fields Arrowhead lets subscriptions be sorted by ({@code Subscription.SORTABLE_FIELDS_BY}). */
    public enum SortField {
        ID("id"), CREATED_AT("createdAt"), UPDATED_AT("updatedAt");

        private final String fieldName;

        SortField(final String fieldName) {
            this.fieldName = fieldName;
        }

        /** The name the {@code sort_field} query parameter uses (case-sensitive, as in Arrowhead). */
        public String fieldName() {
            return fieldName;
        }
    }

    /**
     * The page the query parameters ask for; a parameter that is null or empty is absent (as with Spring's request
     * parameters).
     *
     * @param page        {@code page}
     * @param itemPerPage {@code item_per_page}
     * @param direction   {@code direction}, ASC when absent
     * @param sortField   {@code sort_field}, id when absent or blank
     * @param origin      the endpoint path, for the error
     * @throws ArrowheadException 400 BAD_PAYLOAD or INVALID_PARAMETER with Arrowhead's message
     */
    public static PageRequest parse(final String page, final String itemPerPage, final String direction,
                                    final String sortField, final String origin) {
        final Integer pageNumber = integer(page, "page", origin);
        final Integer size = integer(itemPerPage, "item_per_page", origin);
        if ((pageNumber == null) != (size == null)) {
            throw ArrowheadException.badPayload(PAGE_AND_SIZE_TOGETHER, origin);
        }
        final Direction validDirection = direction(direction, origin);
        final SortField validSortField = sortField(sortField, origin);
        if (pageNumber == null) {
            return new PageRequest(0, Integer.MAX_VALUE, validDirection, validSortField);
        }
        return new PageRequest(Math.max(0, pageNumber), size < 1 ? Integer.MAX_VALUE : size, validDirection,
                validSortField);
    }

    /** How many subscriptions come before this page (Spring Data's {@code page * size}). */
    public long offset() {
        return (long) page * size;
    }

    private static Integer integer(final String text, final String name, final String origin) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return Integer.valueOf(text.trim());
        } catch (final NumberFormatException e) {
            // Spring rejects these before Arrowhead's code runs, with a 400 that has no ErrorMessageDTO body
            throw ArrowheadException.badPayload("Parameter " + name + " is not a valid integer.", origin);
        }
    }

    private static Direction direction(final String text, final String origin) {
        if (text == null || text.isEmpty()) {
            return Direction.ASC;
        }
        return switch (text.toUpperCase(Locale.ROOT).trim()) {
            case "ASC" -> Direction.ASC;
            case "DESC" -> Direction.DESC;
            default -> throw ArrowheadException.badPayload(INVALID_DIRECTION, origin);
        };
    }

    private static SortField sortField(final String text, final String origin) {
        if (text == null || text.isBlank()) {
            return SortField.ID;
        }
        final String trimmed = text.trim();
        for (final SortField field : SortField.values()) {
            if (field.fieldName.equals(trimmed)) {
                return field;
            }
        }
        throw ArrowheadException.invalidParameter(trimmed + NOT_SORTABLE, origin);
    }
}
