package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;

/**
 * The check every 5.x identity mode makes of a request body's requester name against the identified caller: present,
 * and the same system (names compared as 5.x compares them, ignoring case). Only the words for where the identity
 * came from differ between the modes.
 */
final class RequesterName {

    private RequesterName() {
    }

    /**
     * @param giveWhat what the caller should give when the name is missing ("the name of your certificate")
     * @param named    the name the caller was identified by ("the system name of the certificate")
     */
    static void require(final SystemIdentity caller, final String requesterSystemName, final String giveWhat,
                        final String named, final String origin) {
        if (requesterSystemName == null || requesterSystemName.isBlank()) {
            throw ArrowheadException.auth("The requester system name is missing: give " + giveWhat, origin);
        }
        if (!requesterSystemName.equalsIgnoreCase(caller.systemName())) {
            throw ArrowheadException.auth("Requester system name (" + requesterSystemName + ") and " + named + " ("
                    + caller.systemName() + ") do not match", origin);
        }
    }
}
