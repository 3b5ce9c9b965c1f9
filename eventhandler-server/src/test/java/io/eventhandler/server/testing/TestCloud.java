package io.eventhandler.server.testing;

import io.eventhandler.security.certs.CertificateAuthority;
import io.eventhandler.security.certs.LocalCloud;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SubjectAltNames;
import io.eventhandler.server.config.TlsConfiguration;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The development local cloud the tests run in, made once per test JVM with the project's own certificate code:
 * {@code testcloud.company.arrowhead.eu} under a fresh master, plus {@code othercloud.company.arrowhead.eu} under
 * the same master for "certificate from another cloud" cases. System key stores (SAN localhost, 127.0.0.1) are issued
 * on first use.
 */
public final class TestCloud {

    public static final String CLOUD = "testcloud";
    public static final String OTHER_CLOUD = "othercloud";
    public static final String OPERATOR = "company";
    public static final String PASSWORD = "changeit";

    private static TestCloud instance;

    private final LocalCloud cloud;
    private final LocalCloud otherCloud;
    private final Path trustStore;
    private final Path trustStoreWithMaster;
    private final Map<String, Path> keyStores = new ConcurrentHashMap<>();
    private final Map<String, Path> otherKeyStores = new ConcurrentHashMap<>();

    private TestCloud() throws IOException, GeneralSecurityException {
        final Path directory = Files.createTempDirectory("eh-test-cloud");
        cloud = LocalCloud.open(directory, CLOUD, OPERATOR, PASSWORD.toCharArray());
        trustStore = cloud.writeTrustStore(false);
        trustStoreWithMaster = directory.resolve("truststore-with-master.p12");
        Pkcs12Stores.writeTrustStore(trustStoreWithMaster, cloud.trusted(true), PASSWORD.toCharArray());
        final Path otherDirectory = Files.createDirectories(directory.resolve(OTHER_CLOUD));
        Files.copy(directory.resolve(LocalCloud.MASTER_FILE), otherDirectory.resolve(LocalCloud.MASTER_FILE),
                StandardCopyOption.REPLACE_EXISTING);
        otherCloud = LocalCloud.open(otherDirectory, OTHER_CLOUD, OPERATOR, PASSWORD.toCharArray());
        otherCloud.writeTrustStore(false);
    }

    /** The one test cloud of this JVM. */
    public static synchronized TestCloud get() {
        if (instance == null) {
            try {
                instance = new TestCloud();
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            } catch (final GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
        return instance;
    }

    /** {@code <system>.testcloud.company.arrowhead.eu}. */
    public static String commonName(final String system) {
        return system + "." + CLOUD + "." + OPERATOR + ".arrowhead.eu";
    }

    /** The PKCS12 key store of {@code system} in this cloud (password {@link #PASSWORD}). */
    public Path keyStore(final String system) {
        return keyStores.computeIfAbsent(system, s -> issue(cloud, s));
    }

    /** The PKCS12 key store of {@code system} in the other cloud, under the same master. */
    public Path otherCloudKeyStore(final String system) {
        return otherKeyStores.computeIfAbsent(system, s -> issue(otherCloud, s));
    }

    /**
     * A new PKCS12 key store of {@code system} in this cloud whose certificate is valid exactly from {@code notBefore}
     * to {@code notAfter} (expired or not yet valid ones, for start-up checks).
     */
    public Path keyStoreValid(final String system, final Instant notBefore, final Instant notAfter) {
        try {
            final Path file = Files.createTempFile("eh-" + system, ".p12");
            Pkcs12Stores.writeKeyStore(file, system, cloud.cloud().issueSystem(system, SubjectAltNames.localhost(),
                    notBefore, notAfter), PASSWORD.toCharArray());
            return file;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * TLS as an Arrowhead 5 {@code name} of this cloud: a certificate with the profile {@code profile} in its
     * {@code dnQualifier} ({@code sy}, {@code op}, {@code de}, ...), trusting this cloud.
     */
    public SSLContext arrowhead5SslContext(final String name, final String profile) {
        return context(arrowhead5KeyStore(name, profile));
    }

    /** TLS as an Arrowhead 5 {@code name} of the other cloud (profile {@code sy}), trusting this cloud. */
    public SSLContext otherCloudArrowhead5SslContext(final String name) {
        return context(arrowhead5KeyStore(otherCloud, name, "sy"));
    }

    /** The key store of an Arrowhead 5 system certificate (profile {@code sy}) of the other cloud. */
    public Path otherCloudArrowhead5KeyStore(final String name) {
        return arrowhead5KeyStore(otherCloud, name, "sy");
    }

    /** The key store of an Arrowhead 5 certificate (see {@link #arrowhead5SslContext}). */
    public Path arrowhead5KeyStore(final String name, final String profile) {
        return arrowhead5KeyStore(cloud, name, profile);
    }

    private Path arrowhead5KeyStore(final LocalCloud in, final String name, final String profile) {
        return keyStores.computeIfAbsent(in.cloud().commonName() + "/" + name + "/" + profile, k -> {
            try {
                final Path file = Files.createTempFile("eh5-" + name, ".p12");
                Pkcs12Stores.writeKeyStore(file, name.toLowerCase(java.util.Locale.ROOT), in.cloud()
                        .issueArrowhead5(name, profile, SubjectAltNames.localhost(),
                                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY), PASSWORD.toCharArray());
                return file;
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            } catch (final GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The truststore holding this cloud's certificate only. */
    public Path trustStore() {
        return trustStore;
    }

    /**
     * A truststore holding the master too: it accepts every cloud under the master at the TLS level, so that the
     * Event Handler's own cloud check is what refuses other clouds.
     */
    public Path trustStoreWithMaster() {
        return trustStoreWithMaster;
    }

    /** The cloud CA, to issue unusual certificates in a test. */
    public CertificateAuthority authority() {
        return cloud.cloud();
    }

    /** TLS as {@code system} of this cloud: presents its certificate, trusts this cloud. */
    public SSLContext sslContext(final String system) {
        return context(keyStore(system));
    }

    /** TLS as {@code system} of the other cloud, trusting this cloud (so that only the server can refuse). */
    public SSLContext otherCloudSslContext(final String system) {
        return context(otherCloudKeyStore(system));
    }

    /** TLS that trusts this cloud but presents no certificate. */
    public SSLContext anonymousSslContext() {
        try {
            return SslContexts.create(null, null, Pkcs12Stores.load(trustStore, PASSWORD.toCharArray()));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code server.ssl.*} settings that run a server as {@code system} of this cloud. */
    public Map<String, String> serverSettings(final String system) {
        return Map.of(
                TlsConfiguration.KEY_STORE.key(), keyStore(system).toString(),
                TlsConfiguration.KEY_STORE_PASSWORD.key(), PASSWORD,
                TlsConfiguration.TRUST_STORE.key(), trustStore.toString());
    }

    private SSLContext context(final Path keyStore) {
        try {
            return SslContexts.fromFiles(keyStore, trustStore, PASSWORD.toCharArray());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path issue(final LocalCloud in, final String system) {
        try {
            return in.writeSystem(system, SubjectAltNames.localhost(), CertificateAuthority.DEFAULT_SYSTEM_VALIDITY,
                    true);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
