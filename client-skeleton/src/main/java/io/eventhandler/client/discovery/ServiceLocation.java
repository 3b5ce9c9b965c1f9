package io.eventhandler.client.discovery;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where a core system says one service is: the provider's address and port and the service URI (a path).
 *
 * @param address    host name or IP address of the provider
 * @param port       its port
 * @param serviceUri the path of the service; blank when the registration has none
 */
record ServiceLocation(String address, int port, String serviceUri) {

    /** {@code scheme://address:port}. */
    URI baseUri(final String scheme) {
        try {
            // the multi-argument constructor puts an IPv6 literal into brackets
            return new URI(scheme, null, address, port, null, null, null);
        } catch (final URISyntaxException e) {
            throw new IllegalArgumentException("provider address " + address + ":" + port + " is not usable", e);
        }
    }

    /** {@code scheme://address:port/serviceUri}, with {@code defaultPath} when the service URI is blank. */
    URI uri(final String scheme, final String defaultPath) {
        final String path = serviceUri == null || serviceUri.isBlank() ? defaultPath
                : serviceUri.startsWith("/") ? serviceUri : "/" + serviceUri;
        return URI.create(baseUri(scheme) + path);
    }
}
