package io.eventhandler.security.certs;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An Arrowhead certificate authority: either the master ({@code arrowhead.eu}, self-signed), which issues cloud CAs,
 * or a cloud ({@code <cloud>.<operator>.arrowhead.eu}, signed by the master, path length 0), which issues system
 * certificates. All keys are RSA 2048, all signatures SHA256withRSA.
 *
 * <p>For development clouds only: keys live in memory and in password-protected PKCS12 files, with no HSM, CRL or OCSP.
 */
public final class CertificateAuthority {

    /** Default lifetime of master and cloud certificates. */
    public static final Duration DEFAULT_CA_VALIDITY = Duration.ofDays(3650);
    /** Default lifetime of system certificates. */
    public static final Duration DEFAULT_SYSTEM_VALIDITY = Duration.ofDays(730);

    private final KeyAndChain keyAndChain;
    private final boolean master;

    private CertificateAuthority(final KeyAndChain keyAndChain) {
        final X509Certificate certificate = keyAndChain.certificate();
        if (certificate.getBasicConstraints() < 0) {
            throw new IllegalArgumentException("not a CA certificate: " + certificate.getSubjectX500Principal());
        }
        final String commonName = keyAndChain.commonName();
        this.master = ArrowheadName.MASTER_CN.equals(commonName) && keyAndChain.chain().size() == 1;
        if (!master && !(ArrowheadName.parseCloud(commonName).filter(commonName::equals).isPresent()
                && keyAndChain.chain().size() == 2)) {
            throw new IllegalArgumentException("'" + commonName + "' is neither the Arrowhead master (" + ArrowheadName.MASTER_CN
                    + ", chain of 1) nor a cloud CA (<cloud>.<operator>.arrowhead.eu, chain of 2)");
        }
        this.keyAndChain = keyAndChain;
    }

    /** Creates a new master CA with a new key. */
    public static CertificateAuthority createMaster(final Duration validity) throws GeneralSecurityException {
        final KeyPair keys = CertificateIssuer.newKeyPair();
        final X509Certificate certificate = CertificateIssuer.selfSignedCa(keys, ArrowheadName.MASTER_CN, validity);
        return new CertificateAuthority(new KeyAndChain(keys.getPrivate(), List.of(certificate)));
    }

    /** Creates a new master CA valid for {@link #DEFAULT_CA_VALIDITY}. */
    public static CertificateAuthority createMaster() throws GeneralSecurityException {
        return createMaster(DEFAULT_CA_VALIDITY);
    }

    /**
     * Wraps an existing key and chain, e.g. one read back from a PKCS12 file.
     *
     * @throws IllegalArgumentException if it is neither a master nor a cloud CA
     */
    public static CertificateAuthority of(final KeyAndChain keyAndChain) {
        return new CertificateAuthority(keyAndChain);
    }

    /** Loads a master or cloud CA from the single key entry of a PKCS12 file (see {@link #writePkcs12}). */
    public static CertificateAuthority load(final Path pkcs12, final char[] password)
            throws IOException, GeneralSecurityException {
        return of(Pkcs12Stores.readKeyEntry(pkcs12, password));
    }

    /**
     * Issues a cloud CA {@code <cloud>.<operator>.arrowhead.eu}; only the master may.
     *
     * @throws IllegalArgumentException if a name is not a lower-case DNS label
     * @throws IllegalStateException    if this is not the master
     */
    public CertificateAuthority issueCloud(final String cloud, final String operator, final Duration validity)
            throws GeneralSecurityException {
        final String commonName = ArrowheadName.cloudCommonName(cloud, operator);
        if (!master) {
            throw new IllegalStateException("only the master CA issues clouds, not " + commonName());
        }
        final KeyPair keys = CertificateIssuer.newKeyPair();
        final X509Certificate certificate =
                CertificateIssuer.intermediateCa(keys.getPublic(), commonName, keyAndChain, validity, 0);
        return new CertificateAuthority(new KeyAndChain(keys.getPrivate(), chainUnder(certificate)));
    }

    /** {@link #issueCloud(String, String, Duration)} valid for {@link #DEFAULT_CA_VALIDITY}. */
    public CertificateAuthority issueCloud(final String cloud, final String operator) throws GeneralSecurityException {
        return issueCloud(cloud, operator, DEFAULT_CA_VALIDITY);
    }

    /**
     * Issues a system certificate {@code <system>.<this cloud's CN>} with a new key; only a cloud CA may.
     * The validity is clamped to this CA's own.
     *
     * @param altNames exactly the SAN entries to include; use {@link SubjectAltNames#localhost()} plus yours for the
     *                 usual development set
     * @return the key with the chain system, cloud, master
     * @throws IllegalArgumentException if the system name is not a lower-case DNS label
     * @throws IllegalStateException    if this is the master
     */
    public KeyAndChain issueSystem(final String system, final SubjectAltNames altNames, final Duration validity)
            throws GeneralSecurityException {
        return issueSystem(system, (key, commonName) ->
                CertificateIssuer.endEntity(key, commonName, altNames, keyAndChain, validity));
    }

    /**
     * Issues a system certificate valid exactly from {@code notBefore} to {@code notAfter}, not clamped to this CA's
     * validity: for testing how a system reacts to a certificate that has expired or is not valid yet.
     */
    public KeyAndChain issueSystem(final String system, final SubjectAltNames altNames, final Instant notBefore,
                                   final Instant notAfter) throws GeneralSecurityException {
        return issueSystem(system, (key, commonName) ->
                CertificateIssuer.endEntity(key, commonName, altNames, keyAndChain, notBefore, notAfter));
    }

    /**
     * Issues an Arrowhead 5 certificate {@code <name>.<this cloud's CN>} with a new key and the profile in
     * {@code dnQualifier}: {@code sy} for a system, {@code op} for an operator ({@code Sysop}).
     *
     * @param name a 5.x system name (PascalCase letters and digits, at most 63), kept in this case in the CN
     * @throws IllegalArgumentException if the name is no 5.x system name
     */
    public KeyAndChain issueArrowhead5(final String name, final String profile, final SubjectAltNames altNames,
                                       final Duration validity) throws GeneralSecurityException {
        if (!ArrowheadName.isFiveSystemName(name)) {
            throw new IllegalArgumentException("invalid Arrowhead 5 system name '" + name + "': PascalCase letters and"
                    + " digits, at most 63");
        }
        if (master) {
            throw new IllegalStateException("systems are issued by a cloud CA, not by the master");
        }
        final KeyPair keys = CertificateIssuer.newKeyPair();
        final X509Certificate certificate = CertificateIssuer.profiledEndEntity(keys.getPublic(),
                name + "." + commonName(), profile, altNames, keyAndChain, validity);
        return new KeyAndChain(keys.getPrivate(), chainUnder(certificate));
    }

    /** Signs a system's new public key under its common name. */
    private interface SystemSigner {
        X509Certificate sign(PublicKey key, String commonName) throws GeneralSecurityException;
    }

    private KeyAndChain issueSystem(final String system, final SystemSigner signer) throws GeneralSecurityException {
        ArrowheadName.requireLabel("system name", system);
        if (master) {
            throw new IllegalStateException("systems are issued by a cloud CA, not by the master");
        }
        final KeyPair keys = CertificateIssuer.newKeyPair();
        final X509Certificate certificate =
                signer.sign(keys.getPublic(), ArrowheadName.systemCommonName(system, commonName()));
        return new KeyAndChain(keys.getPrivate(), chainUnder(certificate));
    }

    /** {@link #issueSystem(String, SubjectAltNames, Duration)} with localhost/127.0.0.1 and the default validity. */
    public KeyAndChain issueSystem(final String system) throws GeneralSecurityException {
        return issueSystem(system, SubjectAltNames.localhost(), DEFAULT_SYSTEM_VALIDITY);
    }

    /** Writes this CA's key and chain as a PKCS12 key entry aliased by its CN. */
    public void writePkcs12(final Path file, final char[] password) throws IOException, GeneralSecurityException {
        Pkcs12Stores.writeKeyStore(file, commonName(), keyAndChain, password);
    }

    public boolean isMaster() {
        return master;
    }

    /** {@code arrowhead.eu} or the cloud CN. */
    public String commonName() {
        return keyAndChain.commonName();
    }

    public X509Certificate certificate() {
        return keyAndChain.certificate();
    }

    /** This CA's chain, itself first; for a cloud, the last element is the master certificate. */
    public List<X509Certificate> chain() {
        return keyAndChain.chain();
    }

    public KeyAndChain keyAndChain() {
        return keyAndChain;
    }

    private List<X509Certificate> chainUnder(final X509Certificate issued) {
        final List<X509Certificate> chain = new ArrayList<>();
        chain.add(issued);
        chain.addAll(keyAndChain.chain());
        return chain;
    }
}
