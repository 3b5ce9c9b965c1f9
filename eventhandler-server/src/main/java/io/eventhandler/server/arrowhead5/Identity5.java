package io.eventhandler.server.arrowhead5;

/**
 * How the Event Handler identifies itself to the Arrowhead 5 core systems. Declared mode:
 * {@code Bearer SYSTEM//<Name>}, the form every 5.x core filter reads in {@code declared} policy; certificate mode:
 * its TLS client certificate, no header.
 *
 * @param declares whether it sends the declared header
 */
record Identity5(String systemName, boolean declares) {

    static final String BEARER = "Bearer ";
    static final String SYSTEM_PREFIX = "SYSTEM//";

    /** The {@code Authorization} header value; null when none is sent. */
    String authorization() {
        return declares ? BEARER + SYSTEM_PREFIX + systemName : null;
    }
}
