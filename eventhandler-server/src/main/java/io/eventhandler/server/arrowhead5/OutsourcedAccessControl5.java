package io.eventhandler.server.arrowhead5;

import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.arrowhead5.Authentication5Client.Verified;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.http.server.Request;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Arrowhead 5's {@code outsourced} identity: every caller shows an identity token from the Authentication system in
 * {@code Authorization: Bearer IDENTITY-TOKEN//<token>}, which the Event Handler verifies there, as the 5.x core's
 * {@code OutsourcedFilter} does, with the same 401 texts ({@code Invalid authorization header} for a token the
 * Authentication system does not know). Answers are kept until the token expires, at most
 * {@code eh.ah5.authorization.cache.ms}, so a publisher's requests after its first cost no call. Tokens are only
 * verified, never passed on: webhook deliveries and the Event Handler's own calls carry none of its callers' tokens.
 */
final class OutsourcedAccessControl5 extends HeaderAccessControl5 {

    private static final int MOST_KEPT = 10_000;

    private final Authentication5Client authentication;
    private final Duration maxAge;
    private final Duration wait;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    private record Kept(SystemIdentity identity, Instant until) {
    }

    /** @param wait the longest a request waits for the Authentication system's answer */
    OutsourcedAccessControl5(final Authentication5Client authentication, final EventTypeNames5 names,
                             final Duration maxAge, final Duration wait) {
        super(names);
        this.authentication = authentication;
        this.maxAge = maxAge;
        this.wait = wait;
    }

    @Override
    public void requireRequester(final Optional<SystemIdentity> caller, final String requesterSystemName,
                                 final String origin) {
        RequesterName.require(caller.orElseThrow(), requesterSystemName, "the name you logged in with",
                "the system name of the identity token", origin);
    }

    @Override
    public void requireSystem(final Request request, final String system, final String origin) {
        final SystemIdentity caller = identified(request.getHeader("Authorization"), origin);
        if (!caller.systemName().equalsIgnoreCase(system)) {
            throw ArrowheadException.forbidden(caller.systemName() + " is unauthorized to access this operation;"
                    + " only " + system + " may", origin);
        }
    }

    /** The token's system, from what is kept or asked now (the request's thread waits a bounded time). */
    @Override
    SystemIdentity identified(final String header, final String origin) {
        final String token = token(header, origin);
        final Kept known = kept.get(token);
        if (known != null && Instant.now().isBefore(known.until())) {
            return known.identity();
        }
        final Verified verified;
        try {
            verified = authentication.verify(token).get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(origin);
        } catch (final ExecutionException | TimeoutException e) {
            throw unavailable(origin);
        }
        if (!verified.verified() || verified.systemName() == null) {
            kept.remove(token);
            throw ArrowheadException.auth(INVALID_HEADER, origin);
        }
        final SystemIdentity identity = new SystemIdentity(verified.sysop() ? SYSOP : verified.systemName(),
                DeclaredAccessControl.LOCAL_CLOUD);
        keep(token, identity, verified.expiresAt());
        return identity;
    }

    private void keep(final String token, final SystemIdentity identity, final Instant expiresAt) {
        final Instant bound = Instant.now().plus(maxAge);
        if (kept.size() >= MOST_KEPT) {
            final Instant now = Instant.now();
            kept.values().removeIf(k -> now.isAfter(k.until()));
        }
        if (kept.size() < MOST_KEPT) {
            kept.put(token, new Kept(identity, expiresAt == null || expiresAt.isAfter(bound) ? bound : expiresAt));
        }
    }

    /** The token of {@code Bearer IDENTITY-TOKEN//<token>}. */
    private static String token(final String header, final String origin) {
        return bearer(header, "IDENTITY-TOKEN", origin).trim();
    }

    private static ArrowheadException unavailable(final String origin) {
        return ArrowheadException.unavailable("The Authentication system could not be asked to verify the identity"
                + " token; try again later.", origin);
    }
}
