package io.eventhandler.security.certs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A development Arrowhead local cloud kept in one directory, all stores PKCS12 with one shared password:
 * <ul>
 *   <li>{@code master.p12} – the master CA key, so that further clouds can be made under the same master;</li>
 *   <li>{@code <cloud>.p12} – the cloud CA key and chain (cloud, master), so that more systems can be issued later;</li>
 *   <li>{@code <system>.p12} – one per system: key entry aliased by the system name, chain system, cloud, master;</li>
 *   <li>{@code truststore.p12} – the cloud certificate (and, on request, the master).</li>
 * </ul>
 * Opening re-uses the master and cloud stores found in the directory and creates what is missing.
 */
public final class LocalCloud {

    public static final String MASTER_FILE = "master.p12";
    public static final String TRUSTSTORE_FILE = "truststore.p12";

    private static final Logger LOG = LoggerFactory.getLogger(LocalCloud.class);

    private final Path directory;
    private final String cloudName;
    private final char[] password;
    private final CertificateAuthority cloud;
    private final Optional<CertificateAuthority> master;
    private final boolean createdMaster;
    private final boolean createdCloud;

    private LocalCloud(final Path directory, final String cloudName, final char[] password,
                       final CertificateAuthority cloud, final Optional<CertificateAuthority> master,
                       final boolean createdMaster, final boolean createdCloud) {
        this.directory = directory;
        this.cloudName = cloudName;
        this.password = password.clone();
        this.cloud = cloud;
        this.master = master;
        this.createdMaster = createdMaster;
        this.createdCloud = createdCloud;
    }

    /**
     * Opens the cloud {@code <cloud>.<operator>.arrowhead.eu} in {@code directory}, creating the directory, the
     * master and the cloud CA as needed.
     *
     * <p>If {@code <cloud>.p12} exists it is used as is and {@code master.p12} is optional (its key is only needed to
     * create clouds). Otherwise the cloud is issued by the master from {@code master.p12}, or by a new master.
     *
     * @throws IllegalArgumentException if a name is invalid, or an existing cloud store is for another cloud or was
     *                                  not issued by the existing master
     */
    public static LocalCloud open(final Path directory, final String cloud, final String operator,
                                  final char[] password) throws IOException, GeneralSecurityException {
        final String cloudCommonName = ArrowheadName.cloudCommonName(cloud, operator);
        Files.createDirectories(directory);
        final Path masterFile = directory.resolve(MASTER_FILE);
        final Path cloudFile = cloudFile(directory, cloud);
        Optional<CertificateAuthority> master = Files.exists(masterFile)
                ? Optional.of(CertificateAuthority.load(masterFile, password))
                : Optional.empty();
        master.ifPresent(m -> requireMaster(m, masterFile));

        if (Files.exists(cloudFile)) {
            final CertificateAuthority existing = CertificateAuthority.load(cloudFile, password);
            if (!existing.commonName().equals(cloudCommonName)) {
                throw new IllegalArgumentException(cloudFile + " holds cloud " + existing.commonName()
                        + ", not " + cloudCommonName);
            }
            if (master.isPresent()) {
                requireIssuedBy(existing, master.get(), cloudFile, masterFile);
            }
            LOG.debug("Re-using cloud CA {} from {}", cloudCommonName, cloudFile);
            return new LocalCloud(directory, cloud, password, existing, master, false, false);
        }

        boolean createdMaster = false;
        if (master.isEmpty()) {
            master = Optional.of(CertificateAuthority.createMaster());
            master.get().writePkcs12(masterFile, password);
            createdMaster = true;
            LOG.debug("Created master CA in {}", masterFile);
        }
        final CertificateAuthority created = master.get().issueCloud(cloud, operator);
        created.writePkcs12(cloudFile, password);
        LOG.debug("Created cloud CA {} in {}", cloudCommonName, cloudFile);
        return new LocalCloud(directory, cloud, password, created, master, createdMaster, true);
    }

    /** Where the cloud CA of {@code cloud} is kept: {@code <cloud>.p12}. */
    public static Path cloudFile(final Path directory, final String cloud) {
        return directory.resolve(ArrowheadName.requireLabel("cloud name", cloud) + ".p12");
    }

    /**
     * Where the key store of {@code system} goes: {@code <system>.p12}.
     *
     * @throws IllegalArgumentException if the name is invalid or its file would be a CA store or the truststore
     */
    public Path systemFile(final String system) {
        return systemFile(directory, cloudName, system);
    }

    /** {@link #systemFile(String)} for the cloud named {@code cloud} in {@code directory}. */
    public static Path systemFile(final Path directory, final String cloud, final String system) {
        final Path file = directory.resolve(ArrowheadName.requireLabel("system name", system) + ".p12");
        final String fileName = file.getFileName().toString();
        if (fileName.equals(MASTER_FILE) || fileName.equals(TRUSTSTORE_FILE)
                || file.equals(cloudFile(directory, cloud))) {
            throw new IllegalArgumentException("system name '" + system + "' is not allowed: its key store "
                    + fileName + " would replace the " + (fileName.equals(TRUSTSTORE_FILE) ? "truststore" : "CA store"));
        }
        return file;
    }

    /**
     * Issues a certificate for {@code system} and writes {@code <system>.p12}.
     *
     * @param altNames  exactly the SAN entries to include (see {@link SubjectAltNames#localhost()})
     * @param overwrite whether an existing store may be replaced
     * @throws FileAlreadyExistsException if the store exists and {@code overwrite} is false
     */
    public Path writeSystem(final String system, final SubjectAltNames altNames, final Duration validity,
                            final boolean overwrite) throws IOException, GeneralSecurityException {
        final Path file = systemFile(system);
        if (!overwrite && Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString(), null, "system key store exists; not overwriting");
        }
        Pkcs12Stores.writeKeyStore(file, system, cloud.issueSystem(system, altNames, validity), password);
        LOG.debug("Wrote system key store {}", file);
        return file;
    }

    /**
     * Issues an Arrowhead 5 certificate for {@code system} (profile {@code sy}; {@code op} for {@code Sysop}, the
     * 5.x operator) and writes {@code <system in lower case>.p12}.
     */
    public Path writeArrowhead5System(final String system, final SubjectAltNames altNames, final Duration validity,
                                      final boolean overwrite) throws IOException, GeneralSecurityException {
        final Path file = systemFile(system.toLowerCase(java.util.Locale.ROOT));
        if (!overwrite && Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString(), null, "system key store exists; not overwriting");
        }
        final String profile = OPERATOR_5.equals(system) ? "op" : "sy";
        Pkcs12Stores.writeKeyStore(file, system.toLowerCase(java.util.Locale.ROOT),
                cloud.issueArrowhead5(system, profile, altNames, validity), password);
        LOG.debug("Wrote Arrowhead 5 key store {} ({})", file, profile);
        return file;
    }

    /** The Arrowhead 5 operator's name; its certificate has the operator profile. */
    public static final String OPERATOR_5 = "Sysop";

    /**
     * Writes {@code truststore.p12} with the cloud certificate, replacing any existing one.
     *
     * @param includeMaster also trust the master, which accepts systems of every cloud under it; normally false
     */
    public Path writeTrustStore(final boolean includeMaster) throws IOException, GeneralSecurityException {
        final Path file = directory.resolve(TRUSTSTORE_FILE);
        Pkcs12Stores.writeTrustStore(file, trusted(includeMaster), password);
        LOG.debug("Wrote truststore {}", file);
        return file;
    }

    /** The certificates {@link #writeTrustStore(boolean)} writes. */
    public List<X509Certificate> trusted(final boolean includeMaster) {
        final List<X509Certificate> trusted = new ArrayList<>();
        trusted.add(cloud.certificate());
        if (includeMaster) {
            trusted.add(masterCertificate());
        }
        return trusted;
    }

    public Path directory() {
        return directory;
    }

    public CertificateAuthority cloud() {
        return cloud;
    }

    /** The master CA, if its key store is in the directory (or was just created). */
    public Optional<CertificateAuthority> master() {
        return master;
    }

    /** The master certificate, from the cloud's chain (available even without {@code master.p12}). */
    public X509Certificate masterCertificate() {
        final List<X509Certificate> chain = cloud.chain();
        return chain.get(chain.size() - 1);
    }

    /** Whether {@link #open} created {@code master.p12}. */
    public boolean createdMaster() {
        return createdMaster;
    }

    /** Whether {@link #open} created {@code <cloud>.p12}. */
    public boolean createdCloud() {
        return createdCloud;
    }

    private static void requireMaster(final CertificateAuthority authority, final Path file) {
        if (!authority.isMaster()) {
            throw new IllegalArgumentException(file + " does not hold the master CA but " + authority.commonName());
        }
    }

    private static void requireIssuedBy(final CertificateAuthority cloud, final CertificateAuthority master,
                                        final Path cloudFile, final Path masterFile) {
        try {
            cloud.certificate().verify(master.certificate().getPublicKey());
        } catch (final GeneralSecurityException e) {
            throw new IllegalArgumentException(cloudFile + " was not issued by the master in " + masterFile, e);
        }
    }
}
