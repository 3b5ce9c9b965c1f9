package io.eventhandler.server.arrowhead5;

import io.eventhandler.server.security.AccessControl;

/**
 * What every Arrowhead 5 identity mode shares: each caller is identified (there is no unidentified plain mode), and
 * event type names follow the 5.x rule or the explicit mapping ({@link EventTypeNames5#kept}).
 */
abstract class AccessControl5 implements AccessControl {

    private final EventTypeNames5 names;

    AccessControl5(final EventTypeNames5 names) {
        this.names = names;
    }

    @Override
    public final boolean isSecure() {
        return true;
    }

    @Override
    public final String eventTypeName(final String given, final String origin) {
        return names.kept(given, origin);
    }
}
