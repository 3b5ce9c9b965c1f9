package io.eventhandler.security.certs;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * The Bouncy Castle part: builds and signs the three kinds of Arrowhead certificates.
 *
 * <p>Signing and conversion use the JDK's own providers (no {@code Security.addProvider}), so using this class has no
 * global side effect on the JVM and works from a shaded jar, where Bouncy Castle's jar signature is lost.
 */
final class CertificateIssuer {

    static final String KEY_ALGORITHM = "RSA";
    static final int KEY_SIZE = 2048;
    static final String SIGNATURE_ALGORITHM = "SHA256withRSA";

    /** Back-dating notBefore tolerates small clock differences between the machines of a development cloud. */
    private static final Duration CLOCK_SKEW = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private CertificateIssuer() {
    }

    static KeyPair newKeyPair() throws GeneralSecurityException {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance(KEY_ALGORITHM);
        generator.initialize(KEY_SIZE, RANDOM);
        return generator.generateKeyPair();
    }

    /** A self-signed CA certificate without a path length limit. */
    static X509Certificate selfSignedCa(final KeyPair keys, final String commonName, final Duration validity)
            throws GeneralSecurityException {
        final X500Name name = cn(commonName);
        final Instant now = Instant.now();
        final JcaX509v3CertificateBuilder builder = builder(name, keys.getPublic(), name, now, now.plus(validity));
        final JcaX509ExtensionUtils utils = extensionUtils();
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    utils.createSubjectKeyIdentifier(keys.getPublic()));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(keys.getPublic()));
        } catch (final CertIOException e) {
            throw new GeneralSecurityException("cannot encode extension", e);
        }
        return sign(builder, keys.getPrivate());
    }

    /** An intermediate CA certificate signed by {@code issuer}. */
    static X509Certificate intermediateCa(final PublicKey subjectKey, final String commonName, final KeyAndChain issuer,
                                          final Duration validity, final int pathLength)
            throws GeneralSecurityException {
        final JcaX509v3CertificateBuilder builder = issuedBuilder(subjectKey, commonName, issuer, validity);
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(pathLength));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } catch (final CertIOException e) {
            throw new GeneralSecurityException("cannot encode extension", e);
        }
        return sign(builder, issuer.privateKey());
    }

    /** An end-entity (system) certificate signed by {@code issuer}, usable for both TLS server and client. */
    static X509Certificate endEntity(final PublicKey subjectKey, final String commonName, final SubjectAltNames altNames,
                                     final KeyAndChain issuer, final Duration validity)
            throws GeneralSecurityException {
        final Instant now = Instant.now();
        return endEntity(subjectKey, commonName, altNames, issuer, now.minus(CLOCK_SKEW), clampedEnd(issuer, now, validity));
    }

    /** The same with an explicit validity period, unclamped (certificates that are expired or not yet valid). */
    static X509Certificate endEntity(final PublicKey subjectKey, final String commonName, final SubjectAltNames altNames,
                                     final KeyAndChain issuer, final Instant notBefore, final Instant notAfter)
            throws GeneralSecurityException {
        return endEntity(subjectKey, subject(commonName, null), altNames, issuer, notBefore, notAfter);
    }

    /**
     * An Arrowhead 5 end-entity certificate: its subject carries the certificate profile in {@code dnQualifier}
     * ({@code sy} a system, {@code op} an operator) beside the CN, as the 5.x core reads it.
     */
    static X509Certificate profiledEndEntity(final PublicKey subjectKey, final String commonName, final String profile,
                                             final SubjectAltNames altNames, final KeyAndChain issuer,
                                             final Duration validity) throws GeneralSecurityException {
        final Instant now = Instant.now();
        return endEntity(subjectKey, subject(commonName, profile), altNames, issuer, now.minus(CLOCK_SKEW),
                clampedEnd(issuer, now, validity));
    }

    private static X509Certificate endEntity(final PublicKey subjectKey, final X500Name subject,
                                             final SubjectAltNames altNames, final KeyAndChain issuer,
                                             final Instant notBefore, final Instant notAfter)
            throws GeneralSecurityException {
        final JcaX509v3CertificateBuilder builder = issuedBuilder(subjectKey, subject, issuer, notBefore, notAfter);
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                    new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            if (!altNames.isEmpty()) {
                builder.addExtension(Extension.subjectAlternativeName, false, generalNames(altNames));
            }
        } catch (final CertIOException e) {
            throw new GeneralSecurityException("cannot encode extension", e);
        }
        return sign(builder, issuer.privateKey());
    }

    private static JcaX509v3CertificateBuilder issuedBuilder(final PublicKey subjectKey, final String commonName,
                                                             final KeyAndChain issuer, final Duration validity)
            throws GeneralSecurityException {
        final Instant now = Instant.now();
        return issuedBuilder(subjectKey, commonName, issuer, now.minus(CLOCK_SKEW), clampedEnd(issuer, now, validity));
    }

    /** A certificate outliving its issuer would fail validation at that point anyway; clamping makes it explicit. */
    private static Instant clampedEnd(final KeyAndChain issuer, final Instant now, final Duration validity) {
        final Instant issuerEnd = issuer.certificate().getNotAfter().toInstant();
        return now.plus(validity).isAfter(issuerEnd) ? issuerEnd : now.plus(validity);
    }

    private static JcaX509v3CertificateBuilder issuedBuilder(final PublicKey subjectKey, final String commonName,
                                                             final KeyAndChain issuer, final Instant notBefore,
                                                             final Instant notAfter)
            throws GeneralSecurityException {
        return issuedBuilder(subjectKey, cn(commonName), issuer, notBefore, notAfter);
    }

    private static JcaX509v3CertificateBuilder issuedBuilder(final PublicKey subjectKey, final X500Name subject,
                                                             final KeyAndChain issuer, final Instant notBefore,
                                                             final Instant notAfter)
            throws GeneralSecurityException {
        final X509Certificate issuerCert = issuer.certificate();
        final X500Name issuerName = X500Name.getInstance(issuerCert.getSubjectX500Principal().getEncoded());
        final JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuerName, serialNumber(),
                Date.from(notBefore), Date.from(notAfter), subject, subjectKey);
        final JcaX509ExtensionUtils utils = extensionUtils();
        try {
            builder.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(subjectKey));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(issuerCert));
        } catch (final CertIOException e) {
            throw new GeneralSecurityException("cannot encode extension", e);
        }
        return builder;
    }

    private static JcaX509v3CertificateBuilder builder(final X500Name issuer, final PublicKey subjectKey,
                                                       final X500Name subject, final Instant now, final Instant end) {
        return new JcaX509v3CertificateBuilder(issuer, serialNumber(), Date.from(now.minus(CLOCK_SKEW)),
                Date.from(end), subject, subjectKey);
    }

    private static X509Certificate sign(final X509v3CertificateBuilder builder, final PrivateKey signingKey)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE_ALGORITHM).build(signingKey)));
        } catch (final OperatorCreationException e) {
            throw new GeneralSecurityException("cannot create a " + SIGNATURE_ALGORITHM + " signer", e);
        }
    }

    /** A random positive serial of at most 20 octets (RFC 5280 4.1.2.2), never zero. */
    private static BigInteger serialNumber() {
        return new BigInteger(159, RANDOM).add(BigInteger.ONE);
    }

    /** {@code dnQualifier=<profile>, CN=<commonName>}, or only the CN without a profile. */
    private static X500Name subject(final String commonName, final String profile) {
        if (profile == null) {
            return cn(commonName);
        }
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.DN_QUALIFIER, profile)
                .addRDN(BCStyle.CN, commonName).build();
    }

    private static X500Name cn(final String commonName) {
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, commonName).build();
    }

    private static GeneralNames generalNames(final SubjectAltNames altNames) {
        final List<GeneralName> names = new ArrayList<>();
        altNames.dnsNames().forEach(dns -> names.add(new GeneralName(GeneralName.dNSName, dns)));
        altNames.ipAddresses().forEach(ip -> names.add(new GeneralName(GeneralName.iPAddress, ip)));
        return new GeneralNames(names.toArray(GeneralName[]::new));
    }

    private static JcaX509ExtensionUtils extensionUtils() throws GeneralSecurityException {
        return new JcaX509ExtensionUtils();
    }
}
