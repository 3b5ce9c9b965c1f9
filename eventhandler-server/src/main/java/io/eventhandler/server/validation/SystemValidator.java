package io.eventhandler.server.validation;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.http.ArrowheadException;

/**
 * Arrowhead 4.6's checks of a {@code SystemRequestDTO}, with its messages, in its order: the controller's
 * ({@link #validate}, BAD_PAYLOAD), and the service's port check ({@link #requirePortAtLeastOne}, INVALID_PARAMETER),
 * which Arrowhead runs only after all the controller's checks of the request.
 */
public final class SystemValidator {

    private SystemValidator() {
    }

    /** The controller's checks; the port may still be 0. */
    public static SystemRef validate(final SystemRequestDTO system, final String origin) {
        if (system == null) {
            throw ArrowheadException.badPayload("System is null.", origin);
        }
        if (Text.isBlank(system.systemName())) {
            throw ArrowheadException.badPayload("System name is null or blank.", origin);
        }
        if (Text.isBlank(system.address())) {
            throw ArrowheadException.badPayload("System address is null or blank.", origin);
        }
        if (system.port() == null) {
            throw ArrowheadException.badPayload("System port is null.", origin);
        }
        final int port = system.port();
        if (port < 0 || port > 65535) {
            throw ArrowheadException.badPayload("System port must be between 0 and 65535.", origin);
        }
        return SystemRef.of(system.systemName(), system.address(), port);
    }

    /** The service's check, after the controller's. */
    public static void requirePortAtLeastOne(final int port, final String origin) {
        if (port < 1) {
            throw ArrowheadException.invalidParameter("System port is less than one.", origin);
        }
    }
}
