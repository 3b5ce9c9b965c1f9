package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.CallerCertificates;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.security.cert.X509Certificate;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Arrowhead 5's {@code certificate} identity: the caller is the system its client certificate names (CN
 * {@code <Name>.<cloud>.<operator>.arrowhead.eu}) if the certificate's profile ({@code dnQualifier}) is a system's
 * ({@code sy}) or the operator's ({@code op}, who is {@code Sysop}) and its cloud is the Event Handler's, read as the
 * 5.x core's {@code CertificateFilter} reads it and refused with its texts: 401 {@code Unauthenticated access attempt:
 * <url>} without a certificate or profile, 403 {@code Unauthorized access: <url>, invalid certificate type: DEVICE}
 * for another profile, 403 {@code ..., from foreign cloud}. An {@code Authorization} header is ignored, as there.
 */
public final class CertificateAccessControl5 implements AccessControl {

    /** The 5.x core's {@code CertificateProfileType} codes. */
    private static final Map<String, String> PROFILES = Map.of("ma", "MASTER", "ga", "GATE", "or", "ORGANIZATION",
            "lo", "LOCAL_CLOUD", "on", "ON_BOARDING", "de", "DEVICE", "sy", "SYSTEM", "op", "OPERATOR");

    private final String cloudCommonName;
    private final EventTypeNames5 names;

    /** @param cloudCommonName the cloud of the Event Handler's own certificate, in lower case */
    public CertificateAccessControl5(final String cloudCommonName, final EventTypeNames5 names) {
        this.cloudCommonName = cloudCommonName;
        this.names = names;
    }

    @Override
    public boolean isSecure() {
        return true;
    }

    @Override
    public String eventTypeName(final String given, final String origin) {
        return names.kept(given, origin);
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        return requireLocalCloud(request.getContext().getConnection(), () -> target(request), origin);
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                      final String origin) {
        final Optional<X509Certificate> certificate = CallerCertificates.certificate(connection);
        final Optional<String> commonName = certificate.flatMap(ArrowheadName::commonName);
        final String profile = certificate.flatMap(ArrowheadName::dnQualifier).map(PROFILES::get).orElse(null);
        if (commonName.isEmpty() || profile == null) {
            throw ArrowheadException.auth("Unauthenticated access attempt: " + target.get(), origin);
        }
        if (!profile.equals("SYSTEM") && !profile.equals("OPERATOR")) {
            throw ArrowheadException.forbidden("Unauthorized access: " + target.get()
                    + ", invalid certificate type: " + profile, origin);
        }
        final Optional<SystemIdentity> caller = ArrowheadName.parseSystem(commonName.get());
        if (caller.isEmpty() || !caller.get().belongsTo(cloudCommonName)) {
            throw ArrowheadException.forbidden("Unauthorized access: " + target.get() + ", from foreign cloud",
                    origin);
        }
        return Optional.of(profile.equals("OPERATOR") ? new SystemIdentity(SYSOP, cloudCommonName) : caller.get());
    }

    @Override
    public void requireRequester(final Optional<SystemIdentity> caller, final String requesterSystemName,
                                 final String origin) {
        RequesterName.require(caller.orElseThrow(), requesterSystemName, "the name of your certificate",
                "the system name of the certificate", origin);
    }

    @Override
    public void requireSystem(final Request request, final String system, final String origin) {
        final SystemIdentity caller = requireLocalCloud(request, origin).orElseThrow();
        if (!caller.systemName().equals(system.toLowerCase(Locale.ROOT))) {
            throw ArrowheadException.forbidden("Unauthorized access: " + target(request) + ", only " + system
                    + " may", origin);
        }
    }

    /** The request URL without a trailing slash, as the 5.x filters name it. */
    private static String target(final Request request) {
        final StringBuilder url = request.getRequestURL();
        final int last = url.length() - 1;
        if (last > 0 && url.charAt(last) == '/') {
            url.setLength(last);
        }
        return url.toString();
    }
}
