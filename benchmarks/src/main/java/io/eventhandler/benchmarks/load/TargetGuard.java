package io.eventhandler.benchmarks.load;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Keeps the load on this machine: a target must be a loopback address ({@code 127.0.0.0/8}, {@code ::1}) or
 * {@code localhost} unless remote targets were explicitly allowed. Host names other than {@code localhost} are
 * refused without being resolved.
 */
public final class TargetGuard {

    private TargetGuard() {
    }

    /**
     * Checks {@code url}.
     *
     * @param url         the target
     * @param allowRemote whether non-loopback targets are permitted
     * @throws UsageException when the URL is not http(s) with a host, or the host is not loopback and remote
     *                        targets are not allowed
     */
    public static void check(final URI url, final boolean allowRemote) {
        final String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new UsageException("--url must be http:// or https://, not '" + url + "'");
        }
        final String host = url.getHost();
        if (host == null || host.isEmpty()) {
            throw new UsageException("--url has no host: '" + url + "'");
        }
        if (!allowRemote && !isLoopback(host)) {
            throw new UsageException("--url host '" + host + "' is not a loopback address; this generator only "
                    + "loads 127.0.0.1/localhost unless --allow-remote is given");
        }
    }

    /**
     * Whether {@code host} is {@code localhost} or a literal loopback address.
     *
     * @param host a host name or IP literal, IPv6 possibly in brackets
     * @return true for loopback
     */
    public static boolean isLoopback(final String host) {
        final String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (bare.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!isIpLiteral(bare)) {
            return false;
        }
        try {
            return InetAddress.getByName(bare).isLoopbackAddress();
        } catch (final UnknownHostException e) {
            return false;
        }
    }

    private static boolean isIpLiteral(final String host) {
        return host.contains(":") || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }
}
