package io.eventhandler.server.security;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Who may call what, decided from the caller's certificate exactly where and as the stock Event Handler decides it
 * ({@code AccessControlFilter}, {@code CoreSystemAccessControlFilter}, {@code EHAccessControlFilter} of Arrowhead
 * 4.6): every caller must hold a five-label Arrowhead certificate of this cloud; publish and subscribe must name the
 * caller as source or subscriber; the authorization update only from {@code authorization.<cloud>}; management only
 * from {@code sysop.<cloud>}. The 401 messages are Arrowhead's. In plain mode nobody is identified and everything is
 * allowed.
 */
public final class AccessControl {

    public static final String SYSOP = "sysop";
    public static final String AUTHORIZATION = "authorization";

    private final String cloudCommonName;

    private AccessControl(final String cloudCommonName) {
        this.cloudCommonName = cloudCommonName;
    }

    /** Secure mode: callers must belong to the cloud of {@code server}. */
    public static AccessControl secure(final ServerIdentity server) {
        return new AccessControl(server.cloudCommonName());
    }

    /** Plain mode: no identities, no checks. */
    public static AccessControl open() {
        return new AccessControl(null);
    }

    public boolean isSecure() {
        return cloudCommonName != null;
    }

    /**
     * The calling system of this cloud; empty in plain mode.
     *
     * @throws ArrowheadException 401 if, in secure mode, the caller has no certificate of this cloud
     */
    public Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        return requireLocalCloud(request.getContext().getConnection(), () -> requestTarget(request), origin);
    }

    /**
     * {@link #requireLocalCloud(Request, String)} for a request read below the HTTP server (the SSE stream).
     *
     * @param target the request URL, for the 401 message
     */
    public Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                      final String origin) {
        if (!isSecure()) {
            return Optional.empty();
        }
        final String commonName = CallerCertificates.commonName(connection)
                .orElseThrow(() -> ArrowheadException.auth("Unauthorized access: " + target.get(), origin));
        final Optional<SystemIdentity> caller = ArrowheadName.parseSystem(commonName);
        if (caller.isEmpty() || !caller.get().belongsTo(cloudCommonName)) {
            throw ArrowheadException.auth(commonName + " is unauthorized to access " + target.get(), origin);
        }
        return caller;
    }

    /** A local-cloud caller whose name is {@code requesterSystemName} (publish source, subscriber). */
    public void requireRequester(final Request request, final String requesterSystemName, final String origin) {
        requireRequester(requireLocalCloud(request, origin), requesterSystemName, origin);
    }

    /** {@link #requireRequester(Request, String, String)} given the caller {@link #requireLocalCloud} found. */
    public void requireRequester(final Optional<SystemIdentity> caller, final String requesterSystemName,
                                 final String origin) {
        if (caller.isEmpty()) {
            return;
        }
        final String fromCertificate = caller.get().systemName();
        if (requesterSystemName == null || requesterSystemName.isBlank()) {
            throw ArrowheadException.auth("Requester system name or client name from certificate is null or blank!",
                    origin);
        }
        if (!requesterSystemName.equalsIgnoreCase(fromCertificate)) {
            throw ArrowheadException.auth("Requester system name(" + requesterSystemName
                    + ") and client name from certificate (" + fromCertificate + ") do not match!", origin);
        }
    }

    /** Only {@code <system>.<cloud>}, e.g. {@code authorization} or {@code sysop}. */
    public void requireSystem(final Request request, final String system, final String origin) {
        final Optional<SystemIdentity> caller = requireLocalCloud(request, origin);
        if (caller.isPresent() && !caller.get().systemName().equals(system.toLowerCase(Locale.ROOT))) {
            throw ArrowheadException.auth(caller.get().commonName() + " is unauthorized to access "
                    + requestTarget(request), origin);
        }
    }

    /** The request URL without a trailing slash, as Arrowhead's messages name it. */
    private static String requestTarget(final Request request) {
        final StringBuilder url = request.getRequestURL();
        final int last = url.length() - 1;
        if (last > 0 && url.charAt(last) == '/') {
            url.setLength(last);
        }
        return url.toString();
    }
}
