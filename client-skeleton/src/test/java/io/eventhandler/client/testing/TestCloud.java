package io.eventhandler.client.testing;

import io.eventhandler.client.ClientTls;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The development local cloud of the client tests, made once per test JVM as the certificate command makes one:
 * {@code testcloud.company.arrowhead.eu}, and {@code othercloud.company.arrowhead.eu} under the same master for
 * "certificate of another cloud" cases. System key stores (SAN localhost, 127.0.0.1 unless said otherwise) are
 * issued on first use.
 */
public final class TestCloud {

    public static final String CLOUD = "testcloud";
    public static final String OTHER_CLOUD = "othercloud";
    public static final String OPERATOR = "company";
    public static final String PASSWORD = "changeit";
    public static final String CLOUD_CN = CLOUD + "." + OPERATOR + ".arrowhead.eu";

    private static TestCloud instance;

    private final LocalCloud cloud;
    private final LocalCloud otherCloud;
    private final Map<String, Path> keyStores = new ConcurrentHashMap<>();
    private final Map<String, Path> otherKeyStores = new ConcurrentHashMap<>();

    private TestCloud() throws IOException, GeneralSecurityException {
        final Path directory = Files.createTempDirectory("eh-client-test-cloud");
        cloud = LocalCloud.open(directory, CLOUD, OPERATOR, PASSWORD.toCharArray());
        cloud.writeTrustStore(false);
        final Path otherDirectory = Files.createDirectories(directory.resolve(OTHER_CLOUD));
        Files.copy(directory.resolve(LocalCloud.MASTER_FILE), otherDirectory.resolve(LocalCloud.MASTER_FILE),
                StandardCopyOption.REPLACE_EXISTING);
        otherCloud = LocalCloud.open(otherDirectory, OTHER_CLOUD, OPERATOR, PASSWORD.toCharArray());
    }

    /** The one test cloud of this JVM. */
    public static synchronized TestCloud get() {
        if (instance == null) {
            instance = unchecked(TestCloud::new);
        }
        return instance;
    }

    /** {@code <system>.testcloud.company.arrowhead.eu}. */
    public static String commonName(final String system) {
        return system + "." + CLOUD_CN;
    }

    public Path directory() {
        return cloud.directory();
    }

    /** The key store of {@code system} in this cloud. */
    public Path keyStore(final String system) {
        return keyStores.computeIfAbsent(system, s -> issue(cloud, s, SubjectAltNames.localhost()));
    }

    /**
     * A key store of {@code system} in this cloud whose certificate names only {@code altNames}, in a directory of
     * its own so that the usual store of {@code system} stays as it is.
     */
    public Path keyStore(final String system, final SubjectAltNames altNames) {
        return unchecked(() -> {
            final Path own = Files.createTempDirectory(cloud.directory(), system);
            Files.copy(LocalCloud.cloudFile(cloud.directory(), CLOUD), LocalCloud.cloudFile(own, CLOUD));
            return issue(LocalCloud.open(own, CLOUD, OPERATOR, PASSWORD.toCharArray()), system, altNames);
        });
    }

    /** The truststore holding this cloud's certificate only. */
    public Path trustStore() {
        return cloud.directory().resolve(LocalCloud.TRUSTSTORE_FILE);
    }

    /** A truststore holding this cloud's certificate and the master, so that every cloud under it is accepted. */
    public Path trustStoreWithMaster() {
        final Path file = cloud.directory().resolve("truststore-with-master.p12");
        unchecked(() -> {
            Pkcs12Stores.writeTrustStore(file, cloud.trusted(true), PASSWORD.toCharArray());
            return file;
        });
        return file;
    }

    /** Secure mode as {@code system} of this cloud. */
    public ClientTls tls(final String system) {
        return tls(keyStore(system));
    }

    /** Secure mode with the given key store of this cloud. */
    public ClientTls tls(final Path keyStore) {
        return unchecked(() -> ClientTls.fromStores(keyStore, trustStore(), PASSWORD.toCharArray()));
    }

    /** Secure mode as {@code system} of the other cloud, trusting this cloud (so that only the peer can refuse). */
    public ClientTls otherCloudTls(final String system) {
        return tls(otherKeyStores.computeIfAbsent(system, s -> issue(otherCloud, s, SubjectAltNames.localhost())));
    }

    /** A TLS context as {@code system} of this cloud. */
    public SSLContext sslContext(final String system) {
        return unchecked(() -> SslContexts.fromFiles(keyStore(system), trustStore(), PASSWORD.toCharArray()));
    }

    /** The {@code server.ssl.*} settings that run the Event Handler as {@code system} of this cloud. */
    public Map<String, String> serverSettings(final String system) {
        return Map.of(
                TlsConfiguration.KEY_STORE.key(), keyStore(system).toString(),
                TlsConfiguration.KEY_STORE_PASSWORD.key(), PASSWORD,
                TlsConfiguration.TRUST_STORE.key(), trustStore().toString());
    }

    private static Path issue(final LocalCloud in, final String system, final SubjectAltNames altNames) {
        return unchecked(() -> in.writeSystem(system, altNames, CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, true));
    }

    private interface Action<T> {
        T run() throws IOException, GeneralSecurityException;
    }

    private static <T> T unchecked(final Action<T> action) {
        try {
            return action.run();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
