package io.eventhandler.security.certs;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A private key with its certificate chain, leaf first and the master last, as a PKCS12 key entry holds it.
 *
 * @param privateKey the leaf certificate's key
 * @param chain      leaf first; never empty
 */
public record KeyAndChain(PrivateKey privateKey, List<X509Certificate> chain) {

    public KeyAndChain {
        if (privateKey == null) {
            throw new IllegalArgumentException("privateKey is required");
        }
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least one certificate");
        }
    }

    /** The leaf certificate. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** The leaf certificate's CN. */
    public String commonName() {
        return ArrowheadName.commonName(certificate())
                .orElseThrow(() -> new IllegalStateException("certificate has no single CN: "
                        + certificate().getSubjectX500Principal()));
    }

    /** The chain as the array KeyStore and KeyManager APIs want. */
    public X509Certificate[] chainArray() {
        return chain.toArray(X509Certificate[]::new);
    }
}
