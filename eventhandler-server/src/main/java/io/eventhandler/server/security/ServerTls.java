package io.eventhandler.server.security;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.TlsConfiguration;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Loads the secure-mode key and trust stores and checks them as an Arrowhead core system does at start: a key entry
 * whose chain has at least three certificates (system, cloud, master) and whose CN is a valid five-label Arrowhead
 * system name.
 */
public final class ServerTls {

    private ServerTls() {
    }

    /**
     * @throws ConfigurationException if a store cannot be read or the key entry is not an Arrowhead system's
     */
    public static ServerIdentity load(final TlsConfiguration tls) {
        try {
            final KeyStore keyStore = Pkcs12Stores.load(tls.keyStore(), tls.keyStorePassword().toCharArray());
            final String alias = keyAlias(keyStore, tls);
            final Certificate[] chain = keyStore.getCertificateChain(alias);
            if (chain == null || chain.length < 3) {
                throw problem("key entry '" + alias + "' of " + tls.keyStore() + " must have a chain of at least 3"
                        + " certificates (system, cloud, master), has " + (chain == null ? 0 : chain.length));
            }
            final X509Certificate certificate = (X509Certificate) chain[0];
            final String commonName = ArrowheadName.commonName(certificate).orElse("");
            final SystemIdentity identity = ArrowheadName.parseSystem(commonName).orElseThrow(() -> problem(
                    "certificate CN '" + commonName + "' in " + tls.keyStore()
                            + " is not an Arrowhead system name (<system>.<cloud>.<operator>.arrowhead.eu)"));
            final KeyStore onlyOurEntry = singleEntry(keyStore, alias, tls.keyPassword().toCharArray());
            final KeyStore trustStore = Pkcs12Stores.load(tls.trustStore(), tls.trustStorePassword().toCharArray());
            return new ServerIdentity(identity, certificate.getPublicKey(),
                    SslContexts.create(onlyOurEntry, tls.keyPassword().toCharArray(), trustStore));
        } catch (final IOException | GeneralSecurityException e) {
            throw problem("cannot load the TLS stores (" + tls.keyStore() + ", " + tls.trustStore() + "): "
                    + e.getMessage());
        }
    }

    private static String keyAlias(final KeyStore keyStore, final TlsConfiguration tls)
            throws GeneralSecurityException {
        final List<String> keyEntries = new ArrayList<>();
        for (final String alias : Collections.list(keyStore.aliases())) {
            if (keyStore.isKeyEntry(alias)) {
                keyEntries.add(alias);
            }
        }
        if (!tls.keyAlias().isEmpty()) {
            if (!keyStore.isKeyEntry(tls.keyAlias())) {
                throw problem(tls.keyStore() + " has no key entry '" + tls.keyAlias() + "' (it has " + keyEntries + ")");
            }
            return tls.keyAlias();
        }
        if (keyEntries.size() != 1) {
            throw problem(tls.keyStore() + " has " + keyEntries.size() + " key entries " + keyEntries
                    + "; name one with server.ssl.key-alias");
        }
        return keyEntries.get(0);
    }

    /** A store with just the chosen entry, so the TLS key manager cannot pick another. */
    private static KeyStore singleEntry(final KeyStore keyStore, final String alias, final char[] password)
            throws IOException, GeneralSecurityException {
        final KeyStore single = KeyStore.getInstance(Pkcs12Stores.TYPE);
        single.load(null, null);
        single.setKeyEntry(alias, keyStore.getKey(alias, password), password, keyStore.getCertificateChain(alias));
        return single;
    }

    private static ConfigurationException problem(final String message) {
        return new ConfigurationException(List.of(message));
    }
}
