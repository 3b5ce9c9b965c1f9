package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.security.CallerCertificates;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
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
 * Over MQTT the certificate comes in the request envelope, as the 5.x {@code CertificateMqttFilter} takes it.
 */
public final class CertificateAccessControl5 extends AccessControl5 {

    /** The 5.x core's {@code CertificateProfileType} codes. */
    private static final Map<String, String> PROFILES = Map.of("ma", "MASTER", "ga", "GATE", "or", "ORGANIZATION",
            "lo", "LOCAL_CLOUD", "on", "ON_BOARDING", "de", "DEVICE", "sy", "SYSTEM", "op", "OPERATOR");

    private final String cloudCommonName;

    /** @param cloudCommonName the cloud of the Event Handler's own certificate, in lower case */
    public CertificateAccessControl5(final String cloudCommonName, final EventTypeNames5 names) {
        super(names);
        this.cloudCommonName = cloudCommonName;
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Request request, final String origin) {
        return requireLocalCloud(request.getContext().getConnection(), () -> target(request), origin);
    }

    @Override
    public Optional<SystemIdentity> requireLocalCloud(final Connection<?> connection, final Supplier<String> target,
                                                      final String origin) {
        return identify(CallerCertificates.certificate(connection), target, target, origin);
    }

    /**
     * Over MQTT the 5.x {@code CertificateMqttFilter} takes the caller's certificate from the envelope's
     * {@code authentication}: Base64 of its PEM. It proves nothing by itself (a certificate is public): as in 5.x,
     * trust rests on the broker admitting only the cloud's systems (TLS with client certificates) and its ACLs.
     */
    @Override
    public Optional<SystemIdentity> requireMessageCaller(final String authentication, final String topic,
                                                         final String origin) {
        if (authentication == null || authentication.isBlank()) {
            throw ArrowheadException.auth("No authentication key has been provided", origin);
        }
        final X509Certificate certificate;
        try {
            final String pem = new String(Base64.getDecoder().decode(authentication.trim()), StandardCharsets.US_ASCII)
                    .replace("-----BEGIN CERTIFICATE-----", "").replace("-----END CERTIFICATE-----", "")
                    .replaceAll("\\s+", "");
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(Base64.getDecoder().decode(pem)));
        } catch (final IllegalArgumentException | CertificateException | ClassCastException e) {
            throw ArrowheadException.auth("Invalid authentication key has been provided", origin);
        }
        // as 5.x: the base topic for an unauthenticated caller, the operation's topic for the rest
        final String baseTopic = topic.substring(0, topic.lastIndexOf('/') + 1);
        return identify(Optional.of(certificate), () -> baseTopic, () -> topic, origin);
    }

    /** The 5.x {@code CertificateFilter}'s checks of the caller's certificate, with its texts. */
    private Optional<SystemIdentity> identify(final Optional<X509Certificate> certificate,
                                              final Supplier<String> unauthenticatedTarget,
                                              final Supplier<String> target, final String origin) {
        final Optional<String> commonName = certificate.flatMap(ArrowheadName::commonName);
        final String profile = certificate.flatMap(ArrowheadName::dnQualifier).map(PROFILES::get).orElse(null);
        if (commonName.isEmpty() || profile == null) {
            throw ArrowheadException.auth("Unauthenticated access attempt: " + unauthenticatedTarget.get(), origin);
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
