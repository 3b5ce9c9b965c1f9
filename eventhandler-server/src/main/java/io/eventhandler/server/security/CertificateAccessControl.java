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
 * Arrowhead 4.6's {@link AccessControl}: who may call what, decided from the caller's certificate exactly where and as
 * the stock Event Handler decides it
 * ({@code AccessControlFilter}, {@code CoreSystemAccessControlFilter}, {@code EHAccessControlFilter} of Arrowhead
 * 4.6): every caller must hold a five-label Arrowhead certificate of this cloud; publish and subscribe must name the
 * caller as source or subscriber; the authorization update only from {@code authorization.<cloud>}; management only
 * from {@code sysop.<cloud>}. The 401 messages are Arrowhead's. In plain mode nobody is identified and everything is
 * allowed.
 */
public final class CertificateAccessControl implements AccessControl {

    private final String cloudCommonName;

    private CertificateAccessControl(final String cloudCommonName) {
        this.cloudCommonName = cloudCommonName;
    }

    /** Secure mode ({@code server} present): callers must belong to its cloud; plain mode: no checks. */
    public static AccessControl of(final ServerSecurity server) {
        return new CertificateAccessControl(server.identity().map(ServerIdentity::cloudCommonName).orElse(null));
    }

    @Override
    public boolean isSecure() {
        return cloudCommonName != null;
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        if (!isSecure()) {
            return Optional.empty(); // before the connection's look-up and the lambda: every plain publish passes here
        }
        return requireLocalCloud(request.getContext().getConnection(), () -> requestTarget(request), origin);
    }

    @Override
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

    @Override
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

    @Override
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
