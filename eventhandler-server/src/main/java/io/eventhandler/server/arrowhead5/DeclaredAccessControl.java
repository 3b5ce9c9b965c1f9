package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.http.server.Request;

import java.util.Optional;

/**
 * Arrowhead 5's {@code declared} identity: every caller names itself in {@code Authorization: Bearer SYSTEM//<Name>},
 * read as the 5.x core systems' {@code SelfDeclaredFilter} reads it (the same 401 texts); {@code Sysop} is the
 * operator. Publish and subscribe must name the declared system as source or subscriber. The cloud trusts the names
 * (5.x calls the mode not fit for production); a caller without the header is refused. Event type names follow
 * the 5.x rule or the explicit mapping ({@link EventTypeNames5#kept}).
 */
public final class DeclaredAccessControl extends HeaderAccessControl5 {

    /** What {@link SystemIdentity#cloudCommonName()} holds for a declared caller: 5.x's local cloud. */
    public static final String LOCAL_CLOUD = "LOCAL";

    public DeclaredAccessControl(final EventTypeNames5 names) {
        super(names);
    }

    @Override
    public void requireRequester(final Optional<SystemIdentity> caller, final String requesterSystemName,
                                 final String origin) {
        if (caller.isPresent()) {
            RequesterName.require(caller.get(), requesterSystemName,
                    "the name declared in the Authorization header", "the declared system name", origin);
        }
    }

    @Override
    public void requireSystem(final Request request, final String system, final String origin) {
        final SystemIdentity caller = identified(request.getHeader("Authorization"), origin);
        if (!caller.systemName().equalsIgnoreCase(system)) {
            throw ArrowheadException.auth(caller.systemName() + " is unauthorized to access this operation; only "
                    + system + " may", origin);
        }
    }

    @Override
    SystemIdentity identified(final String header, final String origin) {
        return declared(header, origin);
    }

    /** The declared system, as 5.x's filter splits the header: {@code Bearer}, then {@code SYSTEM//<Name>}. */
    static SystemIdentity declared(final String header, final String origin) {
        return new SystemIdentity(bearer(header, "SYSTEM", origin), LOCAL_CLOUD);
    }
}
