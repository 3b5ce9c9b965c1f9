package io.eventhandler.security.certs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads and writes the PKCS12 files Arrowhead uses. The key password is always the store password, as Arrowhead
 * requires ({@code server.ssl.key-password} must equal {@code key-store-password}). Files are written through the JDK
 * {@link KeyStore} so any JDK (and keytool) reads them.
 */
public final class Pkcs12Stores {

    public static final String TYPE = "PKCS12";

    private Pkcs12Stores() {
    }

    /** Writes a key store holding one key entry. */
    public static void writeKeyStore(final Path file, final String alias, final KeyAndChain entry,
                                     final char[] password) throws IOException, GeneralSecurityException {
        final KeyStore store = empty();
        store.setKeyEntry(alias, entry.privateKey(), password, entry.chainArray());
        write(store, file, password);
    }

    /** Writes a trust store holding the given certificates as trusted entries, each aliased by its CN. */
    public static void writeTrustStore(final Path file, final List<X509Certificate> trusted, final char[] password)
            throws IOException, GeneralSecurityException {
        final KeyStore store = empty();
        for (final X509Certificate certificate : trusted) {
            final String alias = ArrowheadName.commonName(certificate)
                    .orElse(certificate.getSubjectX500Principal().getName());
            store.setCertificateEntry(alias, certificate);
        }
        write(store, file, password);
    }

    /** Loads a PKCS12 file. */
    public static KeyStore load(final Path file, final char[] password) throws IOException, GeneralSecurityException {
        final KeyStore store = KeyStore.getInstance(TYPE);
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        return store;
    }

    /**
     * Reads the one key entry of a PKCS12 file.
     *
     * @throws KeyStoreException if the file holds no key entry or more than one
     */
    public static KeyAndChain readKeyEntry(final Path file, final char[] password)
            throws IOException, GeneralSecurityException {
        final KeyStore store = load(file, password);
        final List<String> keyAliases = new ArrayList<>();
        for (final String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias)) {
                keyAliases.add(alias);
            }
        }
        if (keyAliases.size() != 1) {
            throw new KeyStoreException(file + ": expected exactly one key entry, found " + keyAliases);
        }
        final String alias = keyAliases.get(0);
        final Key key = store.getKey(alias, password);
        if (!(key instanceof PrivateKey privateKey)) {
            throw new KeyStoreException(file + ": entry '" + alias + "' is not a private key");
        }
        final List<X509Certificate> chain = new ArrayList<>();
        for (final Certificate certificate : store.getCertificateChain(alias)) {
            chain.add((X509Certificate) certificate);
        }
        return new KeyAndChain(privateKey, chain);
    }

    private static KeyStore empty() throws IOException, GeneralSecurityException {
        final KeyStore store = KeyStore.getInstance(TYPE);
        store.load(null, null);
        return store;
    }

    /** Writes to a sibling temporary file first, so a failure never leaves a truncated store behind. */
    private static void write(final KeyStore store, final Path file, final char[] password)
            throws IOException, GeneralSecurityException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        store.store(bytes, password);
        final Path absolute = file.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        final Path temporary = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
        try {
            Files.write(temporary, bytes.toByteArray());
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
