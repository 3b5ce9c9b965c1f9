package io.eventhandler.security.certs;

import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;

import java.security.cert.X509Certificate;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The Arrowhead naming rules for certificate common names.
 *
 * <p>master {@code arrowhead.eu} → cloud {@code <cloud>.<operator>.arrowhead.eu} (exactly 4 labels) → system
 * {@code <system>.<cloud>.<operator>.arrowhead.eu} (exactly 5 labels). A label is a lower-case DNS label:
 * {@code [a-z0-9-]}, 1 to 63 characters, not starting or ending with {@code '-'}.
 *
 * <p>Building names ({@link #cloudCommonName}, {@link #systemCommonName}) is strict: upper case is rejected so that
 * what we issue is already canonical. Parsing ({@link #parseSystem}, {@link #parseCloud}) folds ASCII upper case to
 * lower case, as Arrowhead compares names lower-cased, and returns the canonical form; any non-ASCII character makes
 * the name invalid, so that no Unicode case folding (e.g. KELVIN SIGN to {@code k}) can turn a foreign name into ours.
 */
public final class ArrowheadName {

    /** The CN of the Arrowhead master certificate. */
    public static final String MASTER_CN = "arrowhead.eu";

    private static final String SUFFIX = "." + MASTER_CN;
    private static final int CLOUD_LABELS = 4;
    private static final int SYSTEM_LABELS = 5;
    private static final Pattern LABEL = Pattern.compile("[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?");

    private ArrowheadName() {
    }

    /** Whether {@code value} is an Arrowhead 5 system name: PascalCase letters and digits, at most 63. */
    public static boolean isFiveSystemName(final String value) {
        return value != null && value.matches("[A-Z][0-9A-Za-z]{0,62}");
    }

    /** Whether {@code value} is a lower-case DNS label as Arrowhead names need. */
    public static boolean isValidLabel(final String value) {
        return value != null && LABEL.matcher(value).matches();
    }

    /**
     * Returns {@code value} if it is a valid label.
     *
     * @param what what the value is, for the message, e.g. "cloud name"
     * @throws IllegalArgumentException naming the value if it is not a lower-case DNS label
     */
    public static String requireLabel(final String what, final String value) {
        if (!isValidLabel(value)) {
            throw new IllegalArgumentException("invalid " + what + " '" + value
                    + "': must be a lower-case DNS label ([a-z0-9-], 1-63 characters, not starting or ending with '-')");
        }
        return value;
    }

    /** {@code <cloud>.<operator>.arrowhead.eu}; both parts must be valid labels. */
    public static String cloudCommonName(final String cloud, final String operator) {
        return requireLabel("cloud name", cloud) + "." + requireLabel("operator name", operator) + SUFFIX;
    }

    /** {@code <system>.<cloudCommonName>}; the cloud CN must already be canonical (lower case, 4 labels). */
    public static String systemCommonName(final String system, final String cloudCommonName) {
        requireLabel("system name", system);
        final String cloud = parseCloud(cloudCommonName)
                .filter(canonical -> canonical.equals(cloudCommonName))
                .orElseThrow(() -> new IllegalArgumentException("invalid cloud common name '" + cloudCommonName
                        + "': must be <cloud>.<operator>.arrowhead.eu in lower case"));
        return system + "." + cloud;
    }

    /**
     * Parses a system CN ({@code <system>.<cloud>.<operator>.arrowhead.eu}).
     *
     * @return the system name and cloud CN in lower case, or empty if {@code commonName} is not exactly a 5-label
     *         Arrowhead system name
     */
    public static Optional<SystemIdentity> parseSystem(final String commonName) {
        final String[] labels = canonicalLabels(commonName, SYSTEM_LABELS);
        if (labels == null) {
            return Optional.empty();
        }
        final String canonical = String.join(".", labels);
        return Optional.of(new SystemIdentity(labels[0], canonical.substring(labels[0].length() + 1)));
    }

    /**
     * Parses a cloud CN ({@code <cloud>.<operator>.arrowhead.eu}).
     *
     * @return the cloud CN in lower case, or empty if it is not exactly a 4-label Arrowhead cloud name
     */
    public static Optional<String> parseCloud(final String commonName) {
        final String[] labels = canonicalLabels(commonName, CLOUD_LABELS);
        return labels == null ? Optional.empty() : Optional.of(String.join(".", labels));
    }

    /** The single CN of a certificate's subject, or empty if it has none or more than one. */
    public static Optional<String> commonName(final X509Certificate certificate) {
        final X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        final RDN[] rdns = subject.getRDNs(BCStyle.CN);
        if (rdns.length != 1 || rdns[0].isMultiValued()) {
            return Optional.empty();
        }
        return Optional.of(IETFUtils.valueToString(rdns[0].getFirst().getValue()));
    }

    /**
     * The certificate profile of an Arrowhead 5 certificate, its subject's single {@code dnQualifier} ({@code sy} a
     * system, {@code op} an operator, ...), or empty if it has none (a 4.6 certificate).
     */
    public static Optional<String> dnQualifier(final X509Certificate certificate) {
        final X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        final RDN[] rdns = subject.getRDNs(BCStyle.DN_QUALIFIER);
        if (rdns.length != 1 || rdns[0].isMultiValued()) {
            return Optional.empty();
        }
        return Optional.of(IETFUtils.valueToString(rdns[0].getFirst().getValue()));
    }

    /** The lower-cased labels if the name has exactly {@code count} valid labels ending in arrowhead.eu, else null. */
    private static String[] canonicalLabels(final String commonName, final int count) {
        if (commonName == null) {
            return null;
        }
        final String lower = asciiLowerCase(commonName);
        if (lower == null || !lower.endsWith(SUFFIX)) {
            return null;
        }
        // limit -1 keeps trailing empty strings, so "a.b.c.arrowhead.eu." is 6 labels, one of them empty.
        final String[] labels = lower.split("\\.", -1);
        if (labels.length != count) {
            return null;
        }
        for (final String label : labels) {
            if (!isValidLabel(label)) {
                return null;
            }
        }
        return labels;
    }

    private static String asciiLowerCase(final String value) {
        final char[] chars = value.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            final char c = chars[i];
            if (c > 0x7f) {
                return null;
            }
            if (c >= 'A' && c <= 'Z') {
                chars[i] = (char) (c + ('a' - 'A'));
            }
        }
        return new String(chars);
    }
}
