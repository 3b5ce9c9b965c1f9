package io.eventhandler.client.discovery;

import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.ClientTls;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A system's identity in an Arrowhead 5 {@code outsourced} cloud: it logs in to the Authentication system with its
 * password ({@code POST /authentication/identity/login}, default port 8444) and sends the token it gets as
 * {@code Authorization: Bearer IDENTITY-TOKEN//<token>} to the core systems and the Event Handler alike. The token is
 * renewed by logging in again once four fifths of its lifetime have passed, at the next request (no thread of its
 * own); a failed renewal keeps the old token while it is valid and tries again at the next request. {@link #close()}
 * logs out ({@code POST .../logout}). The token is the system's own: never give it to another system (the Event
 * Handler does not pass it on either).
 *
 * <pre>{@code
 * try (IdentityTokens identity = IdentityTokens.login(URI.create("http://10.0.0.1:8444"), "AlarmDashboard",
 *         password, null)) {
 *     EventHandlerLocation where = EventHandlerLocator.builder().identity(identity)
 *             .serviceOrchestration(URI.create("http://10.0.0.1:8441")).build().locate();
 *     EventHandlerClient client = EventHandlerClient.builder(where.endpoints()).identity(identity).build();
 * }
 * }</pre>
 */
public final class IdentityTokens implements CallerIdentity, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IdentityTokens.class);
    static final String IDENTITY_PATH = "/authentication/identity";
    /** Used when the Authentication system names no expiry: 5.x tokens live 5 minutes by default. */
    private static final Duration ASSUMED_LIFETIME = Duration.ofMinutes(5);

    private record Login(String systemName, Map<String, String> credentials) {
    }

    private record LoginAnswer(String token, String expirationTime) {
    }

    private record Token(String value, Instant renewAt, Instant expiresAt) {
    }

    private final URI base;
    private final Login login;
    private final CoreSystemHttp http;
    private final Clock clock;
    private Token token;

    IdentityTokens(final URI authentication, final String systemName, final String password, final ClientTls tls,
                   final Clock clock) {
        this.base = URI.create(OrchestratorLookup.trimmed(Objects.requireNonNull(authentication, "authentication"))
                + IDENTITY_PATH);
        this.login = new Login(Objects.requireNonNull(systemName, "systemName"),
                Map.of("password", Objects.requireNonNull(password, "password")));
        this.http = new CoreSystemHttp(tls, CallerIdentity.none(), Duration.ofSeconds(5), Duration.ofSeconds(10));
        this.clock = clock;
    }

    /**
     * Logs {@code systemName} in now.
     *
     * @param authentication base URI of the Authentication system, e.g. {@code http://10.0.0.1:8444}
     * @param tls            the system's certificate when the Authentication system is reached over TLS, else null
     * @throws IllegalStateException when the Authentication system cannot be reached or refuses the login (its
     *                               text: {@code AUTH: Invalid name and/or credentials})
     */
    public static IdentityTokens login(final URI authentication, final String systemName, final String password,
                                       final ClientTls tls) {
        final IdentityTokens tokens = new IdentityTokens(authentication, systemName, password, tls,
                Clock.systemUTC());
        try {
            tokens.authorization();
            return tokens;
        } catch (final RuntimeException e) {
            tokens.http.close();
            throw e;
        }
    }

    /** {@code Bearer IDENTITY-TOKEN//<token>}, logging in again first when the token is due for renewal. */
    @Override
    public synchronized Optional<String> authorization() {
        final Instant now = clock.instant();
        if (token == null || !now.isBefore(token.renewAt())) {
            try {
                token = fetch(now);
            } catch (final CoreSystemCallException e) {
                if (token == null || !now.isBefore(token.expiresAt())) {
                    throw new IllegalStateException("cannot log in to the Authentication system as "
                            + login.systemName() + ": " + e.getMessage(), e);
                }
                LOG.warn("renewing the identity token of {} failed, the current one is valid until {}: {}",
                        login.systemName(), token.expiresAt(), e.getMessage());
            }
        }
        return Optional.of(TOKEN_PREFIX + token.value());
    }

    private Token fetch(final Instant now) throws CoreSystemCallException {
        final LoginAnswer answer = http.post(URI.create(base + "/login"), login, LoginAnswer.class);
        if (answer.token() == null || answer.token().isBlank()) {
            throw new CoreSystemCallException(base + "/login answered no token");
        }
        Instant expires;
        try {
            expires = answer.expirationTime() == null ? now.plus(ASSUMED_LIFETIME)
                    : Instant.parse(answer.expirationTime());
        } catch (final DateTimeParseException e) {
            expires = now.plus(ASSUMED_LIFETIME);
        }
        final Duration life = Duration.between(now, expires);
        final Instant renewAt = life.isNegative() ? now : now.plus(life.multipliedBy(4).dividedBy(5));
        LOG.info("Logged in to the Authentication system as {} (token valid until {})", login.systemName(), expires);
        return new Token(answer.token(), renewAt, expires);
    }

    /** Logs out (the token is invalid from then on) and releases the connection. */
    @Override
    public synchronized void close() {
        try {
            if (token != null) {
                http.post(URI.create(base + "/logout"), login);
            }
        } catch (final CoreSystemCallException e) {
            LOG.warn("logging {} out failed; its token stays valid until {}: {}", login.systemName(),
                    token.expiresAt(), e.getMessage());
        } finally {
            token = null;
            http.close();
        }
    }

    @Override
    public String toString() {
        return "identity token of " + login.systemName() + " from " + base;
    }
}
