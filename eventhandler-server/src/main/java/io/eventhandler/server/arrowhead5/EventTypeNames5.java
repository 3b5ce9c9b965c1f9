package io.eventhandler.server.arrowhead5;

import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.http.ArrowheadException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Event type names between Arrowhead 4.6 style ({@code TEMPERATURE_READING}) and the 5.x rule (camelCase letters and
 * digits, at most 63, as ConsumerAuthorization's {@code EVENT_TYPE} targets must be). Only explicit entries of
 * {@code eh.ah5.event.types} map a name; a name that already follows the 5.x rule is itself. Nothing is normalised
 * automatically: 5.x's own normaliser keeps the letters' case and would turn {@code EVENT_TYPE_1} into
 * {@code eVENTTYPE1}, a name nobody grants rules for. Any other name is refused with a 400 that says what to do.
 */
public final class EventTypeNames5 {

    private final Map<String, String> toFive;
    private final Map<String, String> fromFive = new LinkedHashMap<>();

    /** @param mapping 4.6 name → 5.x name, each 5.x name valid and used once */
    public EventTypeNames5(final Map<String, String> mapping) {
        this.toFive = Map.copyOf(mapping);
        mapping.forEach((old, five) -> fromFive.put(five, old));
    }

    public static EventTypeNames5 of(final Arrowhead5Configuration configuration) {
        return new EventTypeNames5(configuration.eventTypeMapping());
    }

    /**
     * The 5.x name of an event type as a client gave it.
     *
     * @throws ArrowheadException 400 INVALID_PARAMETER when the name is neither mapped nor a 5.x name
     */
    public String toFive(final String eventType, final String origin) {
        final String name = eventType == null ? "" : eventType.trim();
        final String mapped = toFive.get(name);
        if (mapped != null) {
            return mapped;
        }
        if (Arrowhead5Configuration.isFiveEventType(name)) {
            return name;
        }
        throw ArrowheadException.invalidParameter("Event type " + name + " is not an Arrowhead 5 event type name"
                + " (camelCase letters and digits starting with a lower-case letter, at most "
                + Arrowhead5Configuration.EVENT_TYPE_MAX_LENGTH + " characters): use such a name, or ask the"
                + " operator to map it in " + Arrowhead5Configuration.EVENT_TYPES + ".", origin);
    }

    /** The 4.6 name a 5.x name was mapped from, or the name itself when it was not mapped. */
    public String fromFive(final String fiveName) {
        return fromFive.getOrDefault(fiveName, fiveName);
    }
}
