package io.eventhandler.security.certs;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/** Builds JDK {@link SSLContext}s from Arrowhead key and trust stores (PKIX trust, TLS protocol family). */
public final class SslContexts {

    private SslContexts() {
    }

    /** From PKCS12 files that share one password, as the generated development stores do. */
    public static SSLContext fromFiles(final Path keyStore, final Path trustStore, final char[] password)
            throws IOException, GeneralSecurityException {
        return create(Pkcs12Stores.load(keyStore, password), password, Pkcs12Stores.load(trustStore, password));
    }

    /**
     * From loaded stores.
     *
     * @param keyStore    the own key and chain; null to present no certificate
     * @param keyPassword the key entry's password (for Arrowhead stores, the store password)
     * @param trustStore  the trusted certificates; each trusted entry is a trust anchor, so a truststore holding only
     *                    the cloud certificate accepts exactly that cloud's systems
     */
    public static SSLContext create(final KeyStore keyStore, final char[] keyPassword, final KeyStore trustStore)
            throws GeneralSecurityException {
        KeyManager[] keyManagers = null;
        if (keyStore != null) {
            final KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keyStore, keyPassword);
            keyManagers = kmf.getKeyManagers();
        }
        final TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trustStore);
        final SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers, tmf.getTrustManagers(), null);
        return context;
    }
}
