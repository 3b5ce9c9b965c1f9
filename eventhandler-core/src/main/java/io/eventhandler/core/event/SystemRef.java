package io.eventhandler.core.event;

import java.util.Locale;

/**
 * The identity of an Arrowhead system: name and address compared case-insensitively (stored trimmed and lower-case,
 * as the Arrowhead database does), and the port.
 *
 * @param name    lower-case system name
 * @param address lower-case address
 * @param port    TCP port
 */
public record SystemRef(String name, String address, int port) {

    /** The normalised identity of a system as written in a request. */
    public static SystemRef of(final String name, final String address, final int port) {
        return new SystemRef(normalise(name), normalise(address), port);
    }

    private static String normalise(final String value) {
        return value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return name + "@" + address + ":" + port;
    }
}
