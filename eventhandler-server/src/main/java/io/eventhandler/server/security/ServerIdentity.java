package io.eventhandler.server.security;

import io.eventhandler.security.certs.SystemIdentity;

import javax.net.ssl.SSLContext;
import java.security.PublicKey;
import java.util.Base64;

/**
 * Who the Event Handler is in secure mode: the system named by its certificate's CN, the cloud that CN places it in,
 * its public key (registered as {@code authenticationInfo}), and the TLS context serving and calling with that
 * certificate.
 *
 * @param system     the Event Handler's own name and cloud
 * @param publicKey  its certificate's public key
 * @param sslContext TLS with its key and the configured truststore
 */
public record ServerIdentity(SystemIdentity system, PublicKey publicKey, SSLContext sslContext) {

    /** Arrowhead's {@code authenticationInfo}: the Base64 DER public key, without PEM armour. */
    public String authenticationInfo() {
        return Base64.getEncoder().encodeToString(publicKey.getEncoded());
    }

    /** {@code <cloud>.<operator>.arrowhead.eu}. */
    public String cloudCommonName() {
        return system.cloudCommonName();
    }
}
