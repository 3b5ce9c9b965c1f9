package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.runtime.Runner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The Authentication system's {@code identity} service, for outsourced identity: the Event Handler logs in with its
 * password ({@code identity-login}) and keeps its own token fresh (again at four fifths of its lifetime, every few
 * seconds while it fails; thread {@code eh-ah5-login}), and verifies its callers' tokens with it
 * ({@code identity-verify}, as the caller of that operation it shows its own token). Found by the Service Registry
 * lookup of {@code identity} that 5.x lets through without a token, else at the configured address.
 */
final class Authentication5Client implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Authentication5Client.class);
    static final String SERVICE = "identity";
    static final String BASE_PATH = "/authentication/identity";
    private static final Duration RETRY = Duration.ofSeconds(3);

    /** A caller's token as the Authentication system answered for it. */
    record Verified(boolean verified, String systemName, boolean sysop, Instant expiresAt) {
    }

    private final CoreSystemClient client;
    private final ServiceRegistry5Client registry;
    private final URI configured;
    private final String systemName;
    private final String password;
    private final ScheduledExecutorService timer;
    private volatile URI found;
    private volatile String token;
    private final CompletableFuture<Void> firstLogin = new CompletableFuture<>();

    Authentication5Client(final CoreSystemClient client, final ServiceRegistry5Client registry, final String address,
                          final int port, final String systemName, final String password, final Runner runner) {
        this.client = client;
        this.registry = registry;
        this.configured = URI.create(client.scheme() + "://" + address + ":" + port + BASE_PATH);
        this.systemName = systemName;
        this.password = password;
        this.timer = runner.timer("eh-ah5-login", Duration.ofSeconds(1));
    }

    /** The Event Handler's current identity token; null until the first login succeeded. */
    String token() {
        return token;
    }

    /** Log in now, and again before each token expires; completes at the first successful login. */
    CompletableFuture<Void> start() {
        schedule(Duration.ZERO);
        return firstLogin;
    }

    /** {@code GET .../identity/verify/{token}}: whose token it is, if it is valid. */
    CompletableFuture<Verified> verify(final String callerToken) {
        final String own = token;
        if (own == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("not logged in to Authentication yet"));
        }
        return base().thenCompose(base -> client.send("GET", URI.create(base + "/verify/"
                        + URLEncoder.encode(callerToken, StandardCharsets.UTF_8)), null,
                Identity5.BEARER + Identity5.TOKEN_PREFIX + own, JsonNode.class))
                .thenApply(answer -> new Verified(answer.path("verified").asBoolean(false),
                        answer.path("systemName").asText(null), answer.path("sysop").asBoolean(false),
                        instant(answer.path("expirationTime").asText(null))));
    }

    private void login() {
        base().thenCompose(base -> client.send("POST", URI.create(base + "/login"),
                        Map.of("systemName", systemName, "credentials", Map.of("password", password)), null,
                        JsonNode.class))
                .whenComplete((answer, failure) -> {
                    if (failure != null || answer.path("token").asText("").isEmpty()) {
                        found = null;
                        LOG.warn("logging in to the Authentication system as {} failed, again in {} s: {}", systemName,
                                RETRY.toSeconds(), failure == null ? "no token" : failure.getMessage());
                        schedule(RETRY);
                        return;
                    }
                    final boolean first = token == null;
                    token = answer.path("token").asText();
                    final Instant expires = instant(answer.path("expirationTime").asText(null));
                    final Duration life = expires == null ? Duration.ofMinutes(1)
                            : Duration.between(Instant.now(), expires);
                    if (first) {
                        LOG.info("Logged in to the Authentication system as {} (token valid until {})", systemName,
                                expires);
                        firstLogin.complete(null);
                    }
                    schedule(life.multipliedBy(4).dividedBy(5).isNegative() ? RETRY : life.multipliedBy(4).dividedBy(5));
                });
    }

    private void schedule(final Duration delay) {
        try {
            timer.schedule(this::login, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final RejectedExecutionException e) {
            LOG.debug("login not scheduled: closed");
        }
    }

    /** The identity service's base URI: as found, else looked up, else configured. */
    private CompletableFuture<URI> base() {
        final URI known = found;
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return registry.lookup(List.of(SERVICE)).handle((answer, failure) -> {
            final URI located = failure == null ? ServiceRegistry5Client.httpBase(answer, SERVICE, client.scheme())
                    : null;
            found = located;
            return located == null ? configured : located;
        });
    }

    private static Instant instant(final String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (final RuntimeException e) {
            return null;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
