package io.eventhandler.server.arrowhead5;

import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.http.ArrowheadException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Event type names between Arrowhead 4.6 style ({@code TEMPERATURE_READING}) and the 5.x rule (camelCase letters and
 * digits, at most 63, as ConsumerAuthorization's {@code EVENT_TYPE} targets must be). Only explicit entries of
 * {@code eh.ah5.event.types} map a name; a name that already follows the 5.x rule is itself. Nothing is normalised
 * automatically: 5.x's own normaliser keeps the letters' case and would turn {@code EVENT_TYPE_1} into
 * {@code eVENTTYPE1}, a name nobody grants rules for. Any other name is refused with a 400 that says what to do.
 *
 * <p>Inside, the Event Handler keeps event types as Arrowhead 4.6 does, upper case ({@link #kept}): a mapped type
 * under its 4.6 name (so 4.6 and 5.x clients of one type meet in one topic, and 4.6 clients get events by the name
 * they know), any other 5.x name in upper snake case ({@code pressureAlarm} as {@code PRESSURE_ALARM}), from which the
 * 5.x name comes back exactly ({@link #fiveOfKept}) for ConsumerAuthorization's rules.
 */
public final class EventTypeNames5 {

    private final Map<String, String> toFive;
    private final Map<String, String> fromFive = new LinkedHashMap<>();

    /** @param mapping 4.6 name → 5.x name, each 5.x name valid and used once */
    public EventTypeNames5(final Map<String, String> mapping) {
        final Map<String, String> upper = new LinkedHashMap<>();
        mapping.forEach((old, five) -> {
            upper.put(upper(old), five);
            fromFive.put(five, upper(old));
        });
        this.toFive = Map.copyOf(upper);
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
        final String mapped = toFive.get(upper(name));
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

    /** The 4.6 name (upper case) a 5.x name was mapped from, or the name itself when it was not mapped. */
    public String fromFive(final String fiveName) {
        return fromFive.getOrDefault(fiveName, fiveName);
    }

    /**
     * The name the Event Handler keeps an event type under, given as a client sent it (a mapped 4.6 name, in any
     * case, or a 5.x name).
     *
     * @throws ArrowheadException 400 INVALID_PARAMETER when the name is neither mapped nor a 5.x name, or is a 5.x
     *                            name whose kept form is a mapped 4.6 name of another type
     */
    public String kept(final String eventType, final String origin) {
        final String five = toFive(eventType, origin);
        final String mapped = fromFive.get(five);
        if (mapped != null) {
            return mapped;
        }
        final String snake = snake(five);
        if (toFive.containsKey(snake)) {
            throw ArrowheadException.invalidParameter("Event type " + five + " would meet the mapped event type "
                    + snake + " (" + toFive.get(snake) + "): use " + toFive.get(snake) + " or another name.", origin);
        }
        return snake;
    }

    /** The 5.x name of an event type as the Event Handler keeps it ({@link #kept}): what rules are written for. */
    public String fiveOfKept(final String kept) {
        final String mapped = toFive.get(upper(kept));
        return mapped != null ? mapped : camel(kept);
    }

    /** {@code pressureAlarm2x} → {@code PRESSURE_ALARM2X}: a break before every upper-case letter. */
    static String snake(final String five) {
        final StringBuilder out = new StringBuilder(five.length() + 8);
        for (final char c : five.toCharArray()) {
            if (Character.isUpperCase(c)) {
                out.append('_');
            }
            out.append(Character.toUpperCase(c));
        }
        return out.toString();
    }

    /** The inverse of {@link #snake} for every 5.x name. */
    static String camel(final String snake) {
        final String[] words = snake.trim().toLowerCase(Locale.ROOT).split("_", -1);
        final StringBuilder out = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            if (!words[i].isEmpty()) {
                out.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
            }
        }
        return out.toString();
    }

    private static String upper(final String name) {
        return name.trim().toUpperCase(Locale.ROOT);
    }
}
