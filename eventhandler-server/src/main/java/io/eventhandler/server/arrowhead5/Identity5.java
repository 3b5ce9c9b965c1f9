package io.eventhandler.server.arrowhead5;

import java.util.function.Supplier;

/**
 * How the Event Handler identifies itself to the Arrowhead 5 core systems: declared ({@code Bearer SYSTEM//<Name>},
 * the form every 5.x core filter reads in {@code declared} policy), its TLS client certificate (no header), or its
 * own identity token from the Authentication system ({@code Bearer IDENTITY-TOKEN//<token>}, outsourced).
 */
final class Identity5 {

    static final String BEARER = "Bearer ";
    static final String SYSTEM_PREFIX = "SYSTEM//";
    static final String TOKEN_PREFIX = "IDENTITY-TOKEN//";

    private final String systemName;
    private final Supplier<String> header;

    private Identity5(final String systemName, final Supplier<String> header) {
        this.systemName = systemName;
        this.header = header;
    }

    static Identity5 declared(final String systemName) {
        final String header = BEARER + SYSTEM_PREFIX + systemName;
        return new Identity5(systemName, () -> header);
    }

    static Identity5 certificate(final String systemName) {
        return new Identity5(systemName, () -> null);
    }

    /** @param token the Event Handler's current identity token, null while it has none */
    static Identity5 outsourced(final String systemName, final Supplier<String> token) {
        return new Identity5(systemName, () -> {
            final String current = token.get();
            return current == null ? null : BEARER + TOKEN_PREFIX + current;
        });
    }

    String systemName() {
        return systemName;
    }

    /** The {@code Authorization} header value now; null when none is sent. */
    String authorization() {
        return header.get();
    }
}
