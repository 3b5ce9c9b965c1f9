package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.testing.TestCloud;
import io.eventhandler.security.certs.Pkcs12Stores;
import java.io.IOException;
import java.security.KeyFactory;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ClientTlsTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @Test
    void theCertificateNamesTheSystemAndItsPublicKeyIsTheAuthenticationInfo() throws Exception {
        final ClientTls tls = CLOUD.tls("sensor");

        assertEquals("sensor", tls.requireIdentity().systemName());
        assertEquals(TestCloud.CLOUD_CN, tls.requireIdentity().cloudCommonName());
        final byte[] der = Base64.getDecoder().decode(tls.authenticationInfo());
        final var key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
        assertEquals(Pkcs12Stores.readKeyEntry(CLOUD.keyStore("sensor"), TestCloud.PASSWORD.toCharArray())
                .certificate().getPublicKey(), key, "Base64 of the DER SubjectPublicKeyInfo, as Arrowhead sends it");
        assertFalse(tls.authenticationInfo().contains("BEGIN"));
        assertEquals(new SystemRequestDTO("sensor", "10.0.0.5", 9000, tls.authenticationInfo(), null),
                tls.system("10.0.0.5", 9000));
        assertTrue(tls.verifiesHostname());
        assertFalse(tls.withoutHostnameVerification().verifiesHostname());
    }

    @Test
    void anExplicitAuthenticationInfoIsKept() {
        final ClientTls tls = CLOUD.tls("sensor");
        final SystemRequestDTO own = new SystemRequestDTO("sensor", "127.0.0.1", 1, "given", null);
        final SystemRequestDTO none = SystemRequestDTO.of("sensor", "127.0.0.1", 1);

        assertSame(own, tls.withAuthenticationInfo(own));
        assertEquals(tls.authenticationInfo(), tls.withAuthenticationInfo(none).authenticationInfo());
    }

    @Test
    void withoutAKnownCertificateThereIsNoIdentity() {
        final ClientTls tls = ClientTls.of(CLOUD.sslContext("sensor"), null);

        assertTrue(tls.identity().isEmpty());
        assertNull(tls.authenticationInfo());
        assertThrows(IllegalStateException.class, () -> tls.system("127.0.0.1", 1));
    }

    @Test
    void aWrongPasswordIsAnIOException() {
        assertThrows(IOException.class, () -> ClientTls.fromStores(CLOUD.keyStore("sensor"), CLOUD.trustStore(),
                "wrong".toCharArray()));
    }
}
