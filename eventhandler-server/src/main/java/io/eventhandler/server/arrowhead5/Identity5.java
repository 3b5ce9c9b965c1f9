package io.eventhandler.server.arrowhead5;

/**
 * How the Event Handler identifies itself to the Arrowhead 5 core systems. Declared mode:
 * {@code Bearer SYSTEM//<Name>}, the form every 5.x core filter reads in {@code declared} policy.
 */
record Identity5(String systemName) {

    static final String BEARER = "Bearer ";
    static final String SYSTEM_PREFIX = "SYSTEM//";

    /** The {@code Authorization} header value. */
    String authorization() {
        return BEARER + SYSTEM_PREFIX + systemName;
    }
}
