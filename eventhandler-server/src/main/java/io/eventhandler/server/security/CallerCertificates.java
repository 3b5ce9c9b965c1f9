package io.eventhandler.server.security;

import io.eventhandler.security.certs.ArrowheadName;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.ssl.SSLUtils;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Optional;

/**
 * The CN of the certificate a caller presented in the TLS handshake. Read once per connection and kept on it:
 * persistent connections then pay for the certificate parsing once, not per request.
 */
public final class CallerCertificates {

    /** Empty string: the connection presented no usable certificate. */
    private static final Attribute<String> COMMON_NAME =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(CallerCertificates.class.getName() + ".cn");

    private CallerCertificates() {
    }

    static Optional<String> commonName(final Request request) {
        return commonName(request.getContext().getConnection());
    }

    static Optional<String> commonName(final Connection<?> connection) {
        String commonName = COMMON_NAME.get(connection);
        if (commonName == null) {
            commonName = read(connection);
            COMMON_NAME.set(connection, commonName);
        }
        return commonName.isEmpty() ? Optional.empty() : Optional.of(commonName);
    }

    /** The certificate the connection's peer presented, if it is a TLS connection with a client certificate. */
    public static Optional<X509Certificate> certificate(final Connection<?> connection) {
        final SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine == null) {
            return Optional.empty();
        }
        try {
            final Certificate[] chain = engine.getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate certificate ? Optional.of(certificate)
                    : Optional.empty();
        } catch (final SSLPeerUnverifiedException e) {
            return Optional.empty();
        }
    }

    private static String read(final Connection<?> connection) {
        final SSLEngine engine = SSLUtils.getSSLEngine(connection);
        if (engine == null) {
            return "";
        }
        try {
            final Certificate[] chain = engine.getSession().getPeerCertificates();
            if (chain.length == 0 || !(chain[0] instanceof X509Certificate certificate)) {
                return "";
            }
            return ArrowheadName.commonName(certificate).orElse("");
        } catch (final SSLPeerUnverifiedException e) {
            return "";
        }
    }
}
