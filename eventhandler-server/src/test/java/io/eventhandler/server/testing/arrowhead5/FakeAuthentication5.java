package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.eventhandler.server.testing.arrowhead5.Core5Http.error;
import static io.eventhandler.server.testing.arrowhead5.Core5Http.json;

/**
 * A stand-in for the Arrowhead 5.2.0 Authentication system's {@code identity} service over real HTTP on loopback:
 * {@code POST /authentication/identity/login} (password credentials; tokens live 300 s) and
 * {@code POST .../logout} (password credentials; every session of the system ends) and
 * {@code GET /authentication/identity/verify/{token}} (the caller shows its own valid token; an unknown token is 200
 * {@code {"verified":false}}), with the 5.2.0 DTOs and error texts. Requests are read with unknown properties
 * refused. {@link #systemOf} lets the other doubles accept identity tokens, as the core's outsourced filter does.
 */
public final class FakeAuthentication5 implements AutoCloseable {

    public static final String BASE = "/authentication/identity";
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** {@code IdentityRequestDTO}. */
    public record IdentityRequestDTO(String systemName, Map<String, String> credentials) {
    }

    private record Session(String systemName, boolean sysop, Instant loginTime, Instant expires) {
    }

    /** One verify call: the token asked about and the caller's header. */
    public record Verify(String token, String caller) {
    }

    private final Map<String, String> passwords = new ConcurrentHashMap<>();
    private final Set<String> sysops = ConcurrentHashMap.newKeySet();
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final List<String> logins = new CopyOnWriteArrayList<>();
    private final List<String> logouts = new CopyOnWriteArrayList<>();
    private final List<Verify> verifies = new CopyOnWriteArrayList<>();
    private final Core5Http http;

    public FakeAuthentication5() {
        identity("Sysop", "xFNHbh2mQyIp1gmimeTC");
        sysops.add("Sysop");
        http = new Core5Http("authentication5", this::serve);
    }

    public int port() {
        return http.port();
    }

    /** An identity Sysop created ({@code POST /authentication/mgmt/identities}). */
    public void identity(final String systemName, final String password) {
        passwords.put(systemName, password);
    }

    /** Logs {@code systemName} in as a client would; returns its token. */
    public String login(final String systemName) {
        final String token = UUID.randomUUID().toString();
        final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        sessions.put(token, new Session(systemName, sysops.contains(systemName), now, now.plusSeconds(300)));
        return token;
    }

    /** Ends the session of this token ({@code identity-logout}). */
    public void logout(final String token) {
        sessions.remove(token);
    }

    /** The systems that logged in over HTTP, in order. */
    public List<String> logins() {
        return List.copyOf(logins);
    }

    /** The systems that logged out over HTTP ({@code POST .../logout}: every session of the system ends). */
    public List<String> logouts() {
        return List.copyOf(logouts);
    }

    public List<Verify> verifies() {
        return List.copyOf(verifies);
    }

    /** The system of {@code Authorization: Bearer IDENTITY-TOKEN//<token>} with a live session, else null. */
    public String systemOf(final String header) {
        if (header == null || !header.startsWith("Bearer IDENTITY-TOKEN//")) {
            return null;
        }
        final Session session = sessions.get(header.substring("Bearer IDENTITY-TOKEN//".length()));
        return session == null ? null : session.systemName();
    }

    private void serve(final Request request, final Response response) throws IOException {
        final String path = request.getRequestURI();
        final String method = request.getMethod().getMethodString();
        final String origin = method + " " + path;
        if (method.equals("POST") && path.equals(BASE + "/login")) {
            final IdentityRequestDTO login = STRICT.readValue(request.getInputStream(), IdentityRequestDTO.class);
            final String password = login.credentials() == null ? null : login.credentials().get("password");
            if (login.systemName() == null || password == null || !password.equals(passwords.get(login.systemName()))) {
                error(response, 401, "Invalid name and/or credentials", "AUTH", origin);
                return;
            }
            logins.add(login.systemName());
            final String token = login(login.systemName());
            json(response, 200, Map.of("token", token, "expirationTime", sessions.get(token).expires().toString()));
        } else if (method.equals("POST") && path.equals(BASE + "/logout")) {
            final IdentityRequestDTO logout = STRICT.readValue(request.getInputStream(), IdentityRequestDTO.class);
            final String password = logout.credentials() == null ? null : logout.credentials().get("password");
            if (logout.systemName() == null || password == null
                    || !password.equals(passwords.get(logout.systemName()))) {
                error(response, 401, "Invalid name and/or credentials", "AUTH", origin);
                return;
            }
            logouts.add(logout.systemName());
            sessions.values().removeIf(session -> session.systemName().equals(logout.systemName()));
            response.setStatus(200);
        } else if (method.equals("GET") && path.startsWith(BASE + "/verify/")) {
            final String header = request.getHeader("Authorization");
            if (header == null || header.isBlank()) {
                error(response, 401, "No authorization header has been provided", "AUTH", origin);
                return;
            }
            if (systemOf(header) == null) {
                error(response, 401, "Invalid authorization header", "AUTH", origin);
                return;
            }
            final String token = URLDecoder.decode(path.substring((BASE + "/verify/").length()), StandardCharsets.UTF_8);
            verifies.add(new Verify(token, header));
            final Session session = sessions.get(token);
            json(response, 200, session == null ? Map.of("verified", false) : Map.of("verified", true,
                    "systemName", session.systemName(), "sysop", session.sysop(),
                    "loginTime", session.loginTime().toString(), "expirationTime", session.expires().toString()));
        } else {
            response.setStatus(404);
            response.setContentType("application/problem+json");
            response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
                    + "\"instance\":\"" + path + "\"}");
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
