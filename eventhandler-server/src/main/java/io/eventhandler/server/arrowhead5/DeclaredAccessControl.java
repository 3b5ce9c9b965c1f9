package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Arrowhead 5's {@code declared} identity: every caller names itself in {@code Authorization: Bearer SYSTEM//<Name>},
 * read as the 5.x core systems' {@code SelfDeclaredFilter} reads it (the same 401 texts); {@code Sysop} is the
 * operator. Publish and subscribe must name the declared system as source or subscriber. The cloud trusts the names
 * (5.x calls the mode not fit for production); a caller without the header is refused. Event type names follow
 * the 5.x rule or the explicit mapping ({@link EventTypeNames5#kept}).
 */
public final class DeclaredAccessControl implements AccessControl {

    /** What {@link SystemIdentity#cloudCommonName()} holds for a declared caller: 5.x's local cloud. */
    public static final String LOCAL_CLOUD = "LOCAL";

    private static final String NO_HEADER = "No authorization header has been provided";
    private static final String INVALID_HEADER = "Invalid authorization header";

    private final EventTypeNames5 names;

    public DeclaredAccessControl(final EventTypeNames5 names) {
        this.names = names;
    }

    @Override
    public String eventTypeName(final String given, final String origin) {
        return names.kept(given, origin);
    }

    @Override
    public boolean isSecure() {
        return true;
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        return Optional.of(declared(request.getHeader("Authorization"), origin));
    }

    /** Without the request's headers nobody can be identified: refused. */
    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                      final String origin) {
        throw ArrowheadException.auth(NO_HEADER, origin);
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                      final Function<String, String> header, final String origin) {
        return Optional.of(declared(header.apply("Authorization"), origin));
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
        final SystemIdentity caller = declared(request.getHeader("Authorization"), origin);
        if (!caller.systemName().equalsIgnoreCase(system)) {
            throw ArrowheadException.auth(caller.systemName() + " is unauthorized to access this operation; only "
                    + system + " may", origin);
        }
    }

    /** The declared system, as 5.x's filter splits the header: {@code Bearer}, then {@code SYSTEM//<Name>}. */
    static SystemIdentity declared(final String header, final String origin) {
        if (header == null || header.isBlank()) {
            throw ArrowheadException.auth(NO_HEADER, origin);
        }
        final String[] scheme = header.trim().split(" ");
        if (scheme.length != 2 || !scheme[0].equals("Bearer")) {
            throw ArrowheadException.auth(INVALID_HEADER, origin);
        }
        final String[] parts = scheme[1].split("//");
        if (parts.length != 2 || !parts[0].equals("SYSTEM") || parts[1].isBlank()) {
            throw ArrowheadException.auth(INVALID_HEADER, origin);
        }
        return new SystemIdentity(parts[1], LOCAL_CLOUD);
    }
}
