package io.eventhandler.server.security;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.TlsConfiguration;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Loads the secure-mode key and trust stores and checks them as an Arrowhead core system does at start: a key entry
 * whose chain has at least three certificates (system, cloud, master), valid now, and whose CN is a valid five-label
 * Arrowhead system name. Each misconfiguration (wrong password, a file that is not PKCS12, an expired or not yet valid
 * certificate) is reported as one sentence naming the setting or file to fix.
 */
public final class ServerTls {

    private ServerTls() {
    }

    /**
     * @throws ConfigurationException if a store cannot be read or the key entry is not an Arrowhead system's
     */
    public static ServerIdentity load(final TlsConfiguration tls) {
        final KeyStore keyStore = open(tls.keyStore(), tls.keyStorePassword(), "key store",
                TlsConfiguration.KEY_STORE_PASSWORD.key());
        try {
            final String alias = keyAlias(keyStore, tls);
            final Certificate[] chain = keyStore.getCertificateChain(alias);
            if (chain == null || chain.length < 3) {
                throw problem("key entry '" + alias + "' of " + tls.keyStore() + " must have a chain of at least 3"
                        + " certificates (system, cloud, master), has " + (chain == null ? 0 : chain.length));
            }
            final X509Certificate certificate = (X509Certificate) chain[0];
            final String commonName = ArrowheadName.commonName(certificate).orElse("");
            requireValidNow(certificate, commonName, tls);
            final SystemIdentity identity = ArrowheadName.parseSystem(commonName).orElseThrow(() -> problem(
                    "certificate CN '" + commonName + "' in " + tls.keyStore()
                            + " is not an Arrowhead system name (<system>.<cloud>.<operator>.arrowhead.eu)"));
            final KeyStore onlyOurEntry = singleEntry(keyStore, alias, tls);
            final KeyStore trustStore = open(tls.trustStore(), tls.trustStorePassword(), "trust store",
                    TlsConfiguration.TRUST_STORE_PASSWORD.key());
            return new ServerIdentity(identity, certificate.getPublicKey(),
                    SslContexts.create(onlyOurEntry, tls.keyPassword().toCharArray(), trustStore));
        } catch (final IOException | GeneralSecurityException e) {
            throw problem("cannot set up TLS with " + tls.keyStore() + " and " + tls.trustStore() + ": "
                    + e.getMessage());
        }
    }

    /** A PKCS12 store, or one sentence saying why it cannot be opened. */
    private static KeyStore open(final Path file, final String password, final String what,
                                 final String passwordKey) {
        try {
            return Pkcs12Stores.load(file, password.toCharArray());
        } catch (final IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException) {
                throw problem(passwordKey + " is wrong: it does not open the " + what + " " + file + ".");
            }
            throw problem("The " + what + " " + file + " is not a PKCS12 file.");
        } catch (final GeneralSecurityException e) {
            throw problem("The " + what + " " + file + " is not a PKCS12 file.");
        }
    }

    /** A TLS peer would refuse the certificate anyway; at start the reason is still plain. */
    private static void requireValidNow(final X509Certificate certificate, final String commonName,
                                        final TlsConfiguration tls) {
        try {
            certificate.checkValidity();
        } catch (final CertificateExpiredException e) {
            throw problem("The Event Handler's certificate " + commonName + " in " + tls.keyStore() + " expired on "
                    + certificate.getNotAfter().toInstant() + "; it must be renewed.");
        } catch (final CertificateNotYetValidException e) {
            throw problem("The Event Handler's certificate " + commonName + " in " + tls.keyStore()
                    + " is not valid before " + certificate.getNotBefore().toInstant()
                    + "; check this machine's clock, or use a certificate that is valid now.");
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
    private static KeyStore singleEntry(final KeyStore keyStore, final String alias, final TlsConfiguration tls)
            throws IOException, GeneralSecurityException {
        final char[] password = tls.keyPassword().toCharArray();
        final Key key;
        try {
            key = keyStore.getKey(alias, password);
        } catch (final UnrecoverableKeyException e) {
            throw problem(TlsConfiguration.KEY_PASSWORD.key() + " is wrong: it does not unlock the key entry '"
                    + alias + "' of " + tls.keyStore() + ".");
        }
        final KeyStore single = KeyStore.getInstance(Pkcs12Stores.TYPE);
        single.load(null, null);
        single.setKeyEntry(alias, key, password, keyStore.getCertificateChain(alias));
        return single;
    }

    private static ConfigurationException problem(final String message) {
        return new ConfigurationException(List.of(message));
    }
}
