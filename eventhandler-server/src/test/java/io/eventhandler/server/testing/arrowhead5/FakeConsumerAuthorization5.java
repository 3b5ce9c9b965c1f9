package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationPolicyDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationPolicyResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationQueryRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationVerifyListRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationVerifyRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AuthorizationVerifyResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ListResponseDTO;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static io.eventhandler.server.testing.arrowhead5.Core5Http.error;
import static io.eventhandler.server.testing.arrowhead5.Core5Http.json;

/**
 * A stand-in for the Arrowhead 5.2.0 ConsumerAuthorization in {@code declared} mode over real HTTP on loopback: the
 * management service's {@code check} and {@code query} as the Event Handler calls them, with the 5.x rules (only
 * {@code Sysop} and systems a {@code SERVICE_DEF authorizationManagement} rule names may call them; {@code level} is
 * required for a query; MGMT-level rules before provider rules; no rule is no grant) and the 5.2.0 core's bodies and
 * error texts (the management filter's 403 with the full URL as origin). Requests are read with unknown properties
 * refused. Rules are {@code EVENT_TYPE} rules with a {@code WHITELIST} or {@code ALL} default policy.
 */
public final class FakeConsumerAuthorization5 implements AutoCloseable {

    public static final String BASE = "/consumerauthorization/authorization/mgmt";
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final Map<String, AuthorizationPolicyResponseDTO> rules = new ConcurrentHashMap<>();
    private final Set<String> managers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger checks = new AtomicInteger();
    private final Core5Http http;
    private volatile boolean down;
    private volatile java.util.function.Function<String, String> identify = FakeServiceRegistry5::declared;

    public FakeConsumerAuthorization5() {
        this(null);
    }

    /** With {@code tls}: HTTPS needing a client certificate, whose system is the caller (5.x {@code certificate}). */
    public FakeConsumerAuthorization5(final javax.net.ssl.SSLContext tls) {
        managers.add("Sysop");
        http = new Core5Http("consumerauthorization5", this::serve, tls);
    }

    public int port() {
        return http.port();
    }

    /** The management rule Sysop grants: {@code SERVICE_DEF authorizationManagement}, WHITELIST {@code system}. */
    public void grantManagement(final String system) {
        managers.add(system);
    }

    /** A publisher's own rule ({@code PR} level): its event type, granted to these consumers. */
    public void grant(final String provider, final String eventType, final String... consumers) {
        put("PROVIDER", "PR", provider, eventType, new AuthorizationPolicyDTO("WHITELIST", List.of(consumers), null));
    }

    /** A management-level rule for the publisher's event type, granted to everyone. */
    public void grantAllByManagement(final String provider, final String eventType) {
        put("MGMT", "MGMT", provider, eventType, new AuthorizationPolicyDTO("ALL", null, null));
    }

    /** A provider's own {@code SERVICE_DEF} rule on its service, granted to these consumers (every operation). */
    public void grantService(final String provider, final String serviceDefinition, final String... consumers) {
        final String id = "PR|LOCAL|" + provider + "|SERVICE_DEF|" + serviceDefinition;
        rules.put(id, new AuthorizationPolicyResponseDTO(id, "PROVIDER", "LOCAL", provider, "SERVICE_DEF",
                serviceDefinition, null, new AuthorizationPolicyDTO("WHITELIST", List.of(consumers), null), null,
                provider, Instant.now().toString()));
    }

    /** Whether the rules grant {@code consumer} the provider's target, as {@code mgmt/check} answers it. */
    public boolean granted(final String provider, final String consumer, final String targetType,
                           final String target) {
        return granted(new AuthorizationVerifyRequestDTO(provider, consumer, "LOCAL", targetType, target, null));
    }

    /** Revokes the publisher's own rule for the event type. */
    public void revoke(final String provider, final String eventType) {
        rules.remove("PR|LOCAL|" + provider + "|EVENT_TYPE|" + eventType);
    }

    /** Identify callers with {@code resolver} (header → system, null if invalid); declared by default. */
    public void identifyWith(final java.util.function.Function<String, String> resolver) {
        identify = resolver;
    }

    /** How many {@code check} calls were answered. */
    public int checks() {
        return checks.get();
    }

    /** Whether every connection is refused at the HTTP level (500 on each request). */
    public void down(final boolean isDown) {
        down = isDown;
    }

    private void put(final String level, final String prefix, final String provider, final String eventType,
                     final AuthorizationPolicyDTO policy) {
        final String id = prefix + "|LOCAL|" + provider + "|EVENT_TYPE|" + eventType;
        rules.put(id, new AuthorizationPolicyResponseDTO(id, level, "LOCAL", provider, "EVENT_TYPE", eventType, null,
                policy, null, provider, Instant.now().toString()));
    }

    private void serve(final Request request, final Response response) throws IOException {
        final String path = request.getRequestURI();
        final String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String fullUrl = (http.secure() ? "https" : "http") + "://127.0.0.1:" + port() + path;
        if (down) {
            error(response, 500, "Database operation error", "INTERNAL_SERVER_ERROR", "POST " + path);
            return;
        }
        final String caller = http.caller(request, response, identify);
        if (caller == null) {
            return;
        }
        if (!managers.contains(caller)) {
            error(response, 403, "Requester has no management permission", "FORBIDDEN", fullUrl);
            return;
        }
        try {
            if (path.equals(BASE + "/check") && request.getMethod().getMethodString().equals("POST")) {
                check(STRICT.readValue(body, AuthorizationVerifyListRequestDTO.class), response);
            } else if (path.equals(BASE + "/query") && request.getMethod().getMethodString().equals("POST")) {
                query(STRICT.readValue(body, AuthorizationQueryRequestDTO.class), response, "POST " + path);
            } else {
                response.setStatus(404);
                response.setContentType("application/problem+json");
                response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
                        + "\"instance\":\"" + path + "\"}");
            }
        } catch (final JsonProcessingException e) {
            error(response, 400, "Invalid request body", "INVALID_PARAMETER", "POST " + path);
        }
    }

    private void check(final AuthorizationVerifyListRequestDTO request, final Response response)
            throws IOException {
        checks.incrementAndGet();
        final List<AuthorizationVerifyResponseDTO> entries = request.list().stream()
                .map(e -> new AuthorizationVerifyResponseDTO(e.provider(), e.consumer(), "LOCAL", e.targetType(),
                        e.target(), e.scope(), granted(e)))
                .toList();
        json(response, 200, new ListResponseDTO<>(entries, entries.size()));
    }

    /** MGMT-level rules first, then the provider's own; neither: not granted. */
    private boolean granted(final AuthorizationVerifyRequestDTO e) {
        final String tail = "|LOCAL|" + e.provider() + "|" + e.targetType() + "|" + e.target();
        final AuthorizationPolicyResponseDTO rule = rules.getOrDefault("MGMT" + tail, rules.get("PR" + tail));
        if (rule == null) {
            return false;
        }
        final AuthorizationPolicyDTO policy = rule.defaultPolicy();
        return policy.policyType().equals("ALL") || policy.policyList().contains(e.consumer());
    }

    private void query(final AuthorizationQueryRequestDTO request, final Response response, final String origin)
            throws IOException {
        if (request.level() == null || request.level().isBlank()) {
            error(response, 400, "Level is missing", "INVALID_PARAMETER", origin);
            return;
        }
        final List<AuthorizationPolicyResponseDTO> found = rules.values().stream()
                .filter(r -> r.level().equals(request.level().trim().toUpperCase()))
                .filter(r -> request.targetType() == null || r.targetType().equals(request.targetType()))
                .filter(r -> request.targetNames() == null || request.targetNames().contains(r.target()))
                .filter(r -> request.providers() == null || request.providers().contains(r.provider()))
                .toList();
        json(response, 200, new ListResponseDTO<>(found, found.size()));
    }

    @Override
    public void close() {
        http.close();
    }
}
