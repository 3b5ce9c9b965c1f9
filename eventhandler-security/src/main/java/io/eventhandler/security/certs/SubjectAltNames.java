package io.eventhandler.security.certs;

import org.bouncycastle.util.IPAddress;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The DNS names and IP addresses to put in a system certificate's SubjectAlternativeName. Clients that verify the
 * host name (Arrowhead does, unless {@code disable.hostname.verifier=true}) match the address they dialled against
 * these, so a system needs every name it is reached by. Immutable; duplicates are dropped, order is kept.
 *
 * @param dnsNames    lower-case host names
 * @param ipAddresses IPv4 or IPv6 literals
 */
public record SubjectAltNames(List<String> dnsNames, List<String> ipAddresses) {

    private static final Pattern HOST_LABEL = Pattern.compile("[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?");

    public SubjectAltNames {
        dnsNames = List.copyOf(new LinkedHashSet<>(dnsNames.stream().map(SubjectAltNames::checkDns).toList()));
        ipAddresses = List.copyOf(new LinkedHashSet<>(ipAddresses.stream().map(SubjectAltNames::checkIp).toList()));
    }

    /** No alternative names at all. */
    public static SubjectAltNames none() {
        return new SubjectAltNames(List.of(), List.of());
    }

    /** {@code DNS:localhost, IP:127.0.0.1}, which every development system gets by default. */
    public static SubjectAltNames localhost() {
        return new SubjectAltNames(List.of("localhost"), List.of("127.0.0.1"));
    }

    /**
     * Parses {@code dns:myhost,ip:192.168.1.10} (entries separated by commas, each {@code dns:} or {@code ip:}).
     *
     * @throws IllegalArgumentException naming the bad entry
     */
    public static SubjectAltNames parse(final String spec) {
        final List<String> dns = new ArrayList<>();
        final List<String> ips = new ArrayList<>();
        for (final String raw : spec.split(",", -1)) {
            final String entry = raw.trim();
            final int colon = entry.indexOf(':');
            final String kind = colon < 0 ? "" : entry.substring(0, colon).toLowerCase(Locale.ROOT);
            final String value = colon < 0 ? "" : entry.substring(colon + 1).trim();
            switch (kind) {
                case "dns" -> dns.add(value);
                case "ip" -> ips.add(value);
                default -> throw new IllegalArgumentException(
                        "invalid subject alternative name '" + entry + "': expected dns:<host> or ip:<address>");
            }
        }
        return new SubjectAltNames(dns, ips);
    }

    /** This plus the other's names. */
    public SubjectAltNames plus(final SubjectAltNames other) {
        final List<String> dns = new ArrayList<>(dnsNames);
        dns.addAll(other.dnsNames);
        final List<String> ips = new ArrayList<>(ipAddresses);
        ips.addAll(other.ipAddresses);
        return new SubjectAltNames(dns, ips);
    }

    public boolean isEmpty() {
        return dnsNames.isEmpty() && ipAddresses.isEmpty();
    }

    private static String checkDns(final String name) {
        final String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
        boolean valid = !lower.isEmpty() && lower.length() <= 253;
        for (final String label : lower.split("\\.", -1)) {
            valid &= HOST_LABEL.matcher(label).matches();
        }
        if (!valid) {
            throw new IllegalArgumentException("invalid DNS name '" + name + "' for a subject alternative name");
        }
        return lower;
    }

    private static String checkIp(final String address) {
        // A syntax check only: InetAddress.getByName would resolve host names, which is not what we want here.
        if (address == null || !IPAddress.isValid(address)) {
            throw new IllegalArgumentException("invalid IP address '" + address + "' for a subject alternative name");
        }
        return address;
    }
}
