package io.eventhandler.server.testing;

import io.eventhandler.security.certs.KeyAndChain;
import io.eventhandler.security.certs.Pkcs12Stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;

/** PEM files of the test cloud's PKCS12 stores, for programs that read PEM (Mosquitto), and PEM text itself. */
public final class Pem {

    private static final Base64.Encoder LINES = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));

    private Pem() {
    }

    /** {@code -----BEGIN CERTIFICATE-----} ... of one certificate. */
    public static String certificate(final X509Certificate certificate) {
        try {
            return block("CERTIFICATE", certificate.getEncoded());
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key store's certificate chain ({@code chainFile}) and its private key, PKCS#8 ({@code keyFile}). */
    public static KeyAndChain writeKeyStore(final Path keyStore, final Path chainFile, final Path keyFile) {
        try {
            final KeyAndChain entry = Pkcs12Stores.readKeyEntry(keyStore, TestCloud.PASSWORD.toCharArray());
            final StringBuilder chain = new StringBuilder();
            entry.chain().forEach(c -> chain.append(certificate(c)));
            Files.writeString(chainFile, chain);
            Files.writeString(keyFile, block("PRIVATE KEY", entry.privateKey().getEncoded()));
            return entry;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every certificate of a trust store, one after the other. */
    public static void writeTrustStore(final Path trustStore, final Path file) {
        try {
            final KeyStore store = Pkcs12Stores.load(trustStore, TestCloud.PASSWORD.toCharArray());
            final StringBuilder all = new StringBuilder();
            for (final String alias : Collections.list(store.aliases())) {
                final Certificate certificate = store.getCertificate(alias);
                if (certificate instanceof X509Certificate x509) {
                    all.append(certificate(x509));
                }
            }
            Files.writeString(file, all);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String block(final String type, final byte[] der) {
        return "-----BEGIN " + type + "-----\n" + LINES.encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
