package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Arrowhead 5 identity modes that read the caller from {@code Authorization: Bearer <KIND>//<value>} (declared
 * and outsourced), split and refused as the 5.x core's filters do, with their 401 texts.
 */
abstract class HeaderAccessControl5 extends AccessControl5 {

    static final String NO_HEADER = "No authorization header has been provided";
    static final String INVALID_HEADER = "Invalid authorization header";

    HeaderAccessControl5(final EventTypeNames5 names) {
        super(names);
    }

    /** The caller the {@code Authorization} header's value (null when absent) identifies; refused if none. */
    abstract SystemIdentity identified(String header, String origin);

    @Override
    public final Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        return Optional.of(identified(request.getHeader("Authorization"), origin));
    }

    /** Without the request's headers nobody can be identified: refused. */
    @Override
    public final Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection,
                                                            final Supplier<String> target, final String origin) {
        throw ArrowheadException.auth(NO_HEADER, origin);
    }

    @Override
    public final Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection,
                                                            final Supplier<String> target,
                                                            final Function<String, String> header,
                                                            final String origin) {
        return Optional.of(identified(header.apply("Authorization"), origin));
    }

    /** The {@code <value>} of {@code Bearer <kind>//<value>}, split as the 5.x filters split the header. */
    static String bearer(final String header, final String kind, final String origin) {
        if (header == null || header.isBlank()) {
            throw ArrowheadException.auth(NO_HEADER, origin);
        }
        final String[] scheme = header.trim().split(" ");
        if (scheme.length != 2 || !scheme[0].equals("Bearer")) {
            throw ArrowheadException.auth(INVALID_HEADER, origin);
        }
        final String[] parts = scheme[1].split("//");
        if (parts.length != 2 || !parts[0].equals(kind) || parts[1].isBlank()) {
            throw ArrowheadException.auth(INVALID_HEADER, origin);
        }
        return parts[1];
    }
}
