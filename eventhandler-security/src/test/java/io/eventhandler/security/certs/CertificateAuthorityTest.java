package io.eventhandler.security.certs;

import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.SubjectKeyIdentifier;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.security.cert.CertPathValidatorException;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CertificateAuthorityTest {

    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
    private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
    private static final int DNS = 2;
    private static final int IP = 7;

    private static KeyAndChain system;

    @BeforeAll
    static void issueSystem() throws Exception {
        system = TestPki.CLOUD.issueSystem("eventhandler",
                SubjectAltNames.localhost().plus(SubjectAltNames.parse("dns:eh.example.org,ip:192.168.1.10")),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY);
    }

    @Test
    void chainValidatesWithPkixAgainstTheMasterAndAgainstTheCloud() throws Exception {
        final List<X509Certificate> chain = system.chain();
        assertEquals(3, chain.size());
        TestPki.validate(chain.subList(0, 2), TestPki.MASTER.certificate());
        TestPki.validate(chain.subList(0, 1), TestPki.CLOUD.certificate());
    }

    @Test
    void aSystemOfAnotherCloudDoesNotValidateAgainstThisCloud() throws Exception {
        final KeyAndChain foreign = TestPki.OTHER_CLOUD.issueSystem("eventhandler");
        assertThrows(CertPathValidatorException.class,
                () -> TestPki.validate(foreign.chain().subList(0, 1), TestPki.CLOUD.certificate()));
        // Same master: trusting the master instead of the cloud would accept it.
        TestPki.validate(foreign.chain().subList(0, 2), TestPki.MASTER.certificate());
    }

    @Test
    void systemCertificateHasArrowheadNameUsagesAndSans() throws Exception {
        final X509Certificate cert = system.certificate();

        assertEquals("CN=eventhandler.testcloud2.aitia.arrowhead.eu", cert.getSubjectX500Principal().getName());
        assertEquals(TestPki.CLOUD.certificate().getSubjectX500Principal(), cert.getIssuerX500Principal());
        assertEquals(-1, cert.getBasicConstraints());
        assertTrue(cert.getCriticalExtensionOIDs().contains("2.5.29.19"));
        final boolean[] keyUsage = cert.getKeyUsage();
        assertTrue(keyUsage[0], "digitalSignature");
        assertTrue(keyUsage[2], "keyEncipherment");
        assertFalse(keyUsage[5], "keyCertSign");
        assertEquals(List.of(SERVER_AUTH, CLIENT_AUTH), cert.getExtendedKeyUsage());
        final Set<List<?>> sans = new HashSet<>(cert.getSubjectAlternativeNames());
        assertEquals(Set.of(List.of(DNS, "localhost"), List.of(DNS, "eh.example.org"),
                List.of(IP, "127.0.0.1"), List.of(IP, "192.168.1.10")), sans);
        assertEquals("SHA256withRSA", cert.getSigAlgName());
        assertEquals(2048, ((RSAPublicKey) cert.getPublicKey()).getModulus().bitLength());
        assertEquals(3, cert.getVersion());
    }

    @Test
    void caCertificatesHaveTheRightConstraints() throws Exception {
        final X509Certificate master = TestPki.MASTER.certificate();
        final X509Certificate cloud = TestPki.CLOUD.certificate();

        master.verify(master.getPublicKey());
        assertEquals("CN=arrowhead.eu", master.getSubjectX500Principal().getName());
        assertEquals(Integer.MAX_VALUE, master.getBasicConstraints());
        assertTrue(master.getKeyUsage()[5], "keyCertSign");
        assertTrue(TestPki.MASTER.isMaster());

        cloud.verify(master.getPublicKey());
        assertEquals("CN=testcloud2.aitia.arrowhead.eu", cloud.getSubjectX500Principal().getName());
        assertEquals(0, cloud.getBasicConstraints());
        assertTrue(cloud.getKeyUsage()[5], "keyCertSign");
        assertFalse(TestPki.CLOUD.isMaster());
        assertEquals(List.of(cloud, master), TestPki.CLOUD.chain());
    }

    @Test
    void keyIdentifiersLinkEachCertificateToItsIssuer() throws Exception {
        final List<X509Certificate> chain = system.chain();
        for (int i = 0; i < chain.size(); i++) {
            final X509Certificate issuer = chain.get(Math.min(i + 1, chain.size() - 1));
            final byte[] authorityKeyId = AuthorityKeyIdentifier.fromExtensions(extensions(chain.get(i)))
                    .getKeyIdentifierObject().getOctets();
            assertArrayEquals(subjectKeyId(issuer), authorityKeyId, "AKI of " + chain.get(i).getSubjectX500Principal());
            assertNotNull(subjectKeyId(chain.get(i)));
        }
    }

    @Test
    void serialsArePositiveAndDistinct() {
        final Set<BigInteger> serials = new HashSet<>();
        for (final X509Certificate cert : List.of(system.certificate(), TestPki.CLOUD.certificate(),
                TestPki.OTHER_CLOUD.certificate(), TestPki.MASTER.certificate())) {
            assertTrue(cert.getSerialNumber().signum() > 0);
            assertTrue(cert.getSerialNumber().bitLength() <= 159);
            serials.add(cert.getSerialNumber());
        }
        assertEquals(4, serials.size());
    }

    @Test
    void validityDefaultsAndIsClampedToTheIssuer() throws Exception {
        final Instant now = Instant.now();
        assertWithinADay(now.plus(730, ChronoUnit.DAYS), system.certificate().getNotAfter().toInstant());
        assertWithinADay(now.plus(3650, ChronoUnit.DAYS), TestPki.CLOUD.certificate().getNotAfter().toInstant());
        assertTrue(system.certificate().getNotBefore().toInstant().isBefore(now));

        final KeyAndChain long_ = TestPki.CLOUD.issueSystem("longlived", SubjectAltNames.none(), Duration.ofDays(99_999));
        assertEquals(TestPki.CLOUD.certificate().getNotAfter(), long_.certificate().getNotAfter());
        assertNull(long_.certificate().getSubjectAlternativeNames());
    }

    @Test
    void onlyTheMasterIssuesCloudsAndOnlyCloudsIssueSystems() {
        assertThrows(IllegalStateException.class, () -> TestPki.CLOUD.issueCloud("another", "aitia"));
        assertThrows(IllegalStateException.class, () -> TestPki.MASTER.issueSystem("eventhandler"));
    }

    @Test
    void invalidNamesAreRejectedBeforeAnyKeyIsMade() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestPki.CLOUD.issueSystem("Event_Handler"));
        assertTrue(e.getMessage().contains("'Event_Handler'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TestPki.MASTER.issueCloud("TestCloud", "aitia"));
    }

    @Test
    void aSystemKeyCannotBeUsedAsACa() {
        assertThrows(IllegalArgumentException.class, () -> CertificateAuthority.of(system));
    }

    private static void assertWithinADay(final Instant expected, final Instant actual) {
        assertTrue(Duration.between(expected, actual).abs().compareTo(Duration.ofDays(1)) < 0,
                "expected about " + expected + " but was " + actual);
    }

    private static Extensions extensions(final X509Certificate cert) throws Exception {
        return new JcaX509CertificateHolder(cert).getExtensions();
    }

    private static byte[] subjectKeyId(final X509Certificate cert) throws Exception {
        return SubjectKeyIdentifier.fromExtensions(extensions(cert)).getKeyIdentifier();
    }
}
