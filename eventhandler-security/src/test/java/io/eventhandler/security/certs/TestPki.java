package io.eventhandler.security.certs;

import java.security.GeneralSecurityException;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;

/**
 * One master with two clouds, made once per test JVM because RSA key generation dominates test time.
 * Classes that need files make their own with {@link LocalCloud}.
 */
final class TestPki {

    static final CertificateAuthority MASTER;
    static final CertificateAuthority CLOUD;
    static final CertificateAuthority OTHER_CLOUD;

    static {
        try {
            MASTER = CertificateAuthority.createMaster();
            CLOUD = MASTER.issueCloud("testcloud2", "aitia");
            OTHER_CLOUD = MASTER.issueCloud("othercloud", "aitia");
        } catch (final GeneralSecurityException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TestPki() {
    }

    /** PKIX-validates {@code chain} (leaf first, anchor excluded) against the single trust anchor. */
    static void validate(final List<X509Certificate> chain, final X509Certificate anchor)
            throws GeneralSecurityException {
        final CertPath path = CertificateFactory.getInstance("X.509").generateCertPath(chain);
        final PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(anchor, null)));
        parameters.setRevocationEnabled(false); // development certificates have no CRL or OCSP
        CertPathValidator.getInstance("PKIX").validate(path, parameters);
    }
}
