package io.eventhandler.client;

import java.util.Optional;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpRequest;

/**
 * How each request shows which system sends it, besides TLS. An Arrowhead 4.6 cloud and an Arrowhead 5
 * {@code certificate} cloud need nothing here: the client certificate says it ({@link ClientTls}). An Arrowhead 5
 * {@code declared} cloud takes {@code Authorization: Bearer SYSTEM//<Name>} ({@link #declared}); an {@code outsourced}
 * one an identity token from the Authentication system
 * ({@link io.eventhandler.client.discovery.IdentityTokens}). Asked once per request, so that a token source can
 * renew its token between requests; every client of this package (and the calls to the core systems) takes one.
 */
@FunctionalInterface
public interface CallerIdentity {

    /** The 5.x header prefix of a declared system name. */
    String DECLARED_PREFIX = "Bearer SYSTEM//";
    /** The 5.x header prefix of an identity token. */
    String TOKEN_PREFIX = "Bearer IDENTITY-TOKEN//";

    /** The {@code Authorization} header this request carries, or empty for none. */
    Optional<String> authorization();

    /** Sets the {@code Authorization} header on {@code request}, if there is one. */
    default void applyTo(final HttpRequest request) {
        authorization().ifPresent(value -> request.setHeader(HttpHeaders.AUTHORIZATION, value));
    }

    /** No header: the Arrowhead 4.6 way, and the 5.x {@code certificate} one. */
    static CallerIdentity none() {
        return Optional::empty;
    }

    /**
     * The 5.x {@code declared} way: {@code Authorization: Bearer SYSTEM//<systemName>}, the name as registered
     * (5.x compares names exactly, e.g. {@code TemperatureSensor}).
     *
     * @throws IllegalArgumentException when the name is blank or holds white space or {@code //}
     */
    static CallerIdentity declared(final String systemName) {
        if (systemName == null || systemName.isBlank() || systemName.contains("//")
                || !systemName.equals(systemName.replaceAll("\\s", ""))) {
            throw new IllegalArgumentException("not a system name to declare: " + systemName);
        }
        final Optional<String> header = Optional.of(DECLARED_PREFIX + systemName);
        return () -> header;
    }
}
