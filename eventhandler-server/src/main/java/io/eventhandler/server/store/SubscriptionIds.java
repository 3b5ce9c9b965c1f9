package io.eventhandler.server.store;

import io.eventhandler.server.http.ArrowheadException;

/** The {@code {id}} path parameter of the management endpoints, checked as Arrowhead 4.6's controller does. */
public final class SubscriptionIds {

    /** Arrowhead's message for an id below 1, spaces included (EventHandlerController.ID_NOT_VALID_ERROR_MESSAGE). */
    public static final String ID_NOT_VALID = " Id must be greater than 0. ";

    private SubscriptionIds() {
    }

    /**
     * The id the path names.
     *
     * @throws ArrowheadException 400 BAD_PAYLOAD when the id is not a number or below 1
     */
    public static long parse(final String text, final String origin) {
        final long id;
        try {
            id = Long.parseLong(text == null ? "" : text.trim());
        } catch (final NumberFormatException e) {
            // Spring rejects these before Arrowhead's code runs, with a 400 that has no ErrorMessageDTO body
            throw ArrowheadException.badPayload("Id is not a valid integer.", origin);
        }
        return check(id, origin);
    }

    /**
     * The id, if at least 1.
     *
     * @throws ArrowheadException 400 BAD_PAYLOAD {@value #ID_NOT_VALID} otherwise
     */
    public static long check(final long id, final String origin) {
        if (id < 1) {
            throw ArrowheadException.badPayload(ID_NOT_VALID, origin);
        }
        return id;
    }
}
