package io.eventhandler.security.certs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalCloudTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    static Path dir;

    private static LocalCloud cloud;
    private static Path eventHandlerStore;

    @BeforeAll
    static void createCloud() throws Exception {
        cloud = LocalCloud.open(dir, "testcloud", "company", PASSWORD);
        eventHandlerStore = cloud.writeSystem("eventhandler", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        cloud.writeTrustStore(false);
    }

    @Test
    void writesMasterCloudSystemAndTrustStores() throws IOException {
        assertTrue(cloud.createdMaster());
        assertTrue(cloud.createdCloud());
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.map(f -> f.getFileName().toString()).collect(Collectors.toSet()).containsAll(
                    Set.of("master.p12", "testcloud.p12", "eventhandler.p12", "truststore.p12")));
        }
        assertEquals(dir.resolve("eventhandler.p12"), eventHandlerStore);
    }

    @Test
    void systemStoreLoadsWithTheJdkAndHoldsOneKeyEntryWithTheFullChain() throws Exception {
        final KeyStore store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(eventHandlerStore)) {
            store.load(in, PASSWORD);
        }

        assertEquals(List.of("eventhandler"), Collections.list(store.aliases()));
        assertTrue(store.isKeyEntry("eventhandler"));
        final Certificate[] chain = store.getCertificateChain("eventhandler");
        assertEquals(3, chain.length);
        assertEquals("CN=eventhandler.testcloud.company.arrowhead.eu", subject(chain[0]));
        assertEquals("CN=testcloud.company.arrowhead.eu", subject(chain[1]));
        assertEquals("CN=arrowhead.eu", subject(chain[2]));

        // The key password is the store password, and the key belongs to the certificate.
        final PrivateKey key = (PrivateKey) store.getKey("eventhandler", PASSWORD);
        final Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(key);
        signer.update(new byte[] {1, 2, 3});
        final byte[] signature = signer.sign();
        final Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(chain[0].getPublicKey());
        verifier.update(new byte[] {1, 2, 3});
        assertTrue(verifier.verify(signature));
    }

    @Test
    void trustStoreHoldsOnlyTheCloudCertificateUnlessAskedForTheMaster() throws Exception {
        final KeyStore trust = Pkcs12Stores.load(dir.resolve("truststore.p12"), PASSWORD);
        assertEquals(List.of("testcloud.company.arrowhead.eu"), Collections.list(trust.aliases()));
        assertTrue(trust.isCertificateEntry("testcloud.company.arrowhead.eu"));
        assertEquals(cloud.cloud().certificate(), trust.getCertificate("testcloud.company.arrowhead.eu"));

        final Path withMaster = dir.resolve("with-master");
        Files.createDirectories(withMaster);
        Pkcs12Stores.writeTrustStore(withMaster.resolve("truststore.p12"), cloud.trusted(true), PASSWORD);
        final KeyStore both = Pkcs12Stores.load(withMaster.resolve("truststore.p12"), PASSWORD);
        assertEquals(Set.of("testcloud.company.arrowhead.eu", "arrowhead.eu"), Set.copyOf(Collections.list(both.aliases())));
    }

    @Test
    void reopeningReusesTheCloudToIssueMoreSystems() throws Exception {
        final LocalCloud again = LocalCloud.open(dir, "testcloud", "company", PASSWORD);

        assertFalse(again.createdMaster());
        assertFalse(again.createdCloud());
        assertEquals(cloud.cloud().certificate(), again.cloud().certificate());
        final Path sysop = again.writeSystem("sysop", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        final KeyAndChain loaded = Pkcs12Stores.readKeyEntry(sysop, PASSWORD);
        TestPki.validate(loaded.chain().subList(0, 2), cloud.masterCertificate());
        assertEquals("sysop.testcloud.company.arrowhead.eu", loaded.commonName());
    }

    @Test
    void aSecondCloudIsMadeFromTheSameMaster(@TempDir final Path otherDir) throws Exception {
        Files.copy(dir.resolve("master.p12"), otherDir.resolve("master.p12"));

        final LocalCloud other = LocalCloud.open(otherDir, "othercloud", "company", PASSWORD);

        assertFalse(other.createdMaster());
        assertTrue(other.createdCloud());
        assertEquals(cloud.masterCertificate(), other.masterCertificate());
        assertEquals("othercloud.company.arrowhead.eu", other.cloud().commonName());
        other.cloud().certificate().verify(cloud.masterCertificate().getPublicKey());
    }

    @Test
    void caStoresLoadBackAsAuthorities() throws Exception {
        final CertificateAuthority master = CertificateAuthority.load(dir.resolve("master.p12"), PASSWORD);
        final CertificateAuthority loadedCloud = CertificateAuthority.load(dir.resolve("testcloud.p12"), PASSWORD);

        assertTrue(master.isMaster());
        assertEquals(cloud.masterCertificate(), master.certificate());
        assertEquals("testcloud.company.arrowhead.eu", loadedCloud.commonName());
        assertArrayEquals(cloud.cloud().certificate().getEncoded(), loadedCloud.certificate().getEncoded());
        assertEquals(2, loadedCloud.chain().size());
    }

    @Test
    void refusesToOverwriteASystemStoreUnlessAllowed() throws Exception {
        final Path file = cloud.writeSystem("overwritten", SubjectAltNames.none(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        final byte[] before = Files.readAllBytes(file);

        assertThrows(FileAlreadyExistsException.class, () -> cloud.writeSystem("overwritten", SubjectAltNames.none(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false));
        assertArrayEquals(before, Files.readAllBytes(file));

        cloud.writeSystem("overwritten", SubjectAltNames.none(), CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, true);
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(file)));
    }

    @Test
    void rejectsSystemNamesWhoseStoreWouldReplaceAnotherStore() {
        for (final String name : List.of("master", "truststore", "testcloud")) {
            assertThrows(IllegalArgumentException.class, () -> cloud.systemFile(name), name);
        }
        assertThrows(IllegalArgumentException.class, () -> cloud.systemFile("../evil"));
    }

    @Test
    void rejectsAWrongPasswordAndAStoreOfAnotherCloud() throws Exception {
        assertThrows(IOException.class, () -> LocalCloud.open(dir, "testcloud", "company", "wrong".toCharArray()));

        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalCloud.open(dir, "testcloud", "otheroperator", PASSWORD));
        assertTrue(e.getMessage().contains("testcloud.company.arrowhead.eu"), e.getMessage());
    }

    private static String subject(final Certificate certificate) {
        return ((X509Certificate) certificate).getSubjectX500Principal().getName();
    }
}
