package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.AddressDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ListResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceDefinitionResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceCreateRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceInterfaceRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceLookupRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.SystemLookupRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.SystemRegisterRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.SystemResponseDTO;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import static io.eventhandler.server.testing.arrowhead5.Core5Http.error;
import static io.eventhandler.server.testing.arrowhead5.Core5Http.json;

/**
 * A stand-in for the Arrowhead 5.2.0 ServiceRegistry in {@code declared} mode over real HTTP on loopback: the
 * system-discovery and service-discovery register, revoke and lookup operations, with the 5.x rules a registering
 * provider meets (caller from {@code Bearer SYSTEM//<Name>}, system before service, camelCase service definitions,
 * kebab-case operations, the {@code generic_http(s)} and {@code generic_mqtt(s)} templates' mandatory properties,
 * revoking only one's own instances, restricted discovery) and the 5.x error texts and bodies (as a 5.2.0 core
 * answered them). Requests are read with unknown properties refused.
 */
public final class FakeServiceRegistry5 implements AutoCloseable {

    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    private static final String BASE = "/serviceregistry";
    private static final Pattern SERVICE_DEFINITION = Pattern.compile("([a-z]{1})|(^[a-z][0-9A-Za-z]+$)");
    private static final Pattern OPERATION = Pattern.compile("^[a-z][0-9a-z]*(-[0-9a-z]+)*$");
    private static final Set<String> HTTP_TEMPLATES = Set.of("generic_http", "generic_https");
    private static final Set<String> MQTT_TEMPLATES = Set.of("generic_mqtt", "generic_mqtts");

    /** One request as received. */
    public record Recorded(String method, String path, String caller, String body) {
    }

    private final Map<String, SystemRegisterRequestDTO> systems = new ConcurrentHashMap<>();
    private final Map<String, ServiceInstanceCreateRequestDTO> instances = new ConcurrentHashMap<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private volatile int failWith;
    private volatile java.util.function.Function<String, String> identify = FakeServiceRegistry5::declared;
    private final Core5Http http;

    public FakeServiceRegistry5() {
        this(null);
    }

    /** With {@code tls}: HTTPS needing a client certificate, whose system is the caller (5.x {@code certificate}). */
    public FakeServiceRegistry5(final javax.net.ssl.SSLContext tls) {
        http = new Core5Http("serviceregistry5", this::serve, tls);
    }

    public int port() {
        return http.port();
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** The registered systems' names. */
    public Set<String> systems() {
        return Set.copyOf(systems.keySet());
    }

    /** The registered instances by instance id. */
    public Map<String, ServiceInstanceCreateRequestDTO> instances() {
        return Map.copyOf(instances);
    }

    /** Loses everything, as a registry whose database was reset. */
    public void forgetAll() {
        instances.clear();
        systems.clear();
    }

    /** Identify callers with {@code resolver} (header → system, null if invalid); declared by default. */
    public void identifyWith(final java.util.function.Function<String, String> resolver) {
        identify = resolver;
    }

    /** {@code Bearer SYSTEM//<Name>} → Name, as the declared filter splits it; null otherwise. */
    public static String declared(final String header) {
        final String[] scheme = header.trim().split(" ");
        final String[] parts = scheme.length == 2 && scheme[0].equals("Bearer") ? scheme[1].split("//") : new String[0];
        return parts.length == 2 && parts[0].equals("SYSTEM") ? parts[1] : null;
    }

    /** Answer every request with 500 (a failing database), or normally again with 0. */
    public void failWith(final int status) {
        failWith = status;
    }

    private void serve(final Request request, final Response response) throws IOException {
        final String method = request.getMethod().getMethodString();
        final String path = request.getRequestURI();
        final String origin = method + " " + path;
        final String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String header = request.getHeader("Authorization");
        requests.add(new Recorded(method, path, http.secure() ? Core5Http.certificateName(request) : header, body));
        if (failWith != 0) {
            error(response, failWith, "Database operation error", "INTERNAL_SERVER_ERROR", origin);
            return;
        }
        final String caller = http.caller(request, response, identify);
        if (caller == null) {
            return;
        }
        try {
            route(method, path, caller, body, response, origin);
        } catch (final JsonProcessingException e) {
            error(response, 400, "Invalid request body", "INVALID_PARAMETER", origin);
        }
    }

    private void route(final String method, final String path, final String caller, final String body,
                       final Response response, final String origin) throws IOException {
        final String op = path.substring(BASE.length());
        if (method.equals("POST") && op.equals("/system-discovery/register")) {
            registerSystem(caller, STRICT.readValue(body, SystemRegisterRequestDTO.class), response, origin);
        } else if (method.equals("DELETE") && op.equals("/system-discovery/revoke")) {
            final boolean existed = systems.remove(caller) != null;
            instances.keySet().removeIf(id -> id.startsWith(caller + "|"));
            response.setStatus(existed ? 200 : 204);
        } else if (method.equals("POST") && op.equals("/system-discovery/lookup")) {
            final SystemLookupRequestDTO lookup = STRICT.readValue(body, SystemLookupRequestDTO.class);
            final List<SystemResponseDTO> found = systems.keySet().stream()
                    .filter(name -> lookup.systemNames() == null || lookup.systemNames().contains(name))
                    .map(this::systemResponse).toList();
            json(response, 200, new ListResponseDTO<>(found, found.size()));
        } else if (method.equals("POST") && op.equals("/service-discovery/register")) {
            registerService(caller, STRICT.readValue(body, ServiceInstanceCreateRequestDTO.class), response, origin);
        } else if (method.equals("DELETE") && op.startsWith("/service-discovery/revoke/")) {
            final String id = URLDecoder.decode(op.substring("/service-discovery/revoke/".length()),
                    StandardCharsets.UTF_8);
            if (!id.startsWith(caller + "|")) {
                error(response, 403, "Revoking other systems' service is forbidden", "FORBIDDEN", origin);
                return;
            }
            response.setStatus(instances.remove(id) != null ? 200 : 204);
        } else if (method.equals("POST") && op.equals("/service-discovery/lookup")) {
            lookupServices(caller, STRICT.readValue(body, ServiceInstanceLookupRequestDTO.class), response);
        } else {
            response.setStatus(404);
            response.setContentType("application/problem+json");
            response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
                    + "\"instance\":\"" + path + "\"}");
        }
    }

    private void registerSystem(final String caller, final SystemRegisterRequestDTO system, final Response response,
                                final String origin) throws IOException {
        if (system.addresses() == null || system.addresses().isEmpty()) {
            error(response, 400, "At least one system address is needed for every system", "INVALID_PARAMETER",
                    origin);
            return;
        }
        final boolean created = systems.put(caller, system) == null;
        json(response, created ? 201 : 200, systemResponse(caller));
    }

    private void registerService(final String caller, final ServiceInstanceCreateRequestDTO instance,
                                 final Response response, final String origin) throws IOException {
        if (!systems.containsKey(caller)) {
            error(response, 400, "System does not exist: " + caller, "INVALID_PARAMETER", origin);
            return;
        }
        final String definition = instance.serviceDefinitionName();
        if (definition == null || !SERVICE_DEFINITION.matcher(definition).matches() || definition.length() > 63) {
            error(response, 400, "The specified service definition name does not match the naming convention: "
                    + definition, "INVALID_PARAMETER", origin);
            return;
        }
        final String problem = interfaceProblem(instance.interfaces());
        if (problem != null) {
            error(response, 400, problem, "INVALID_PARAMETER", origin);
            return;
        }
        final String version = instance.version() == null || instance.version().isBlank() ? "1.0.0"
                : instance.version();
        final String id = caller + "|" + definition + "|" + version;
        instances.put(id, instance);
        final String now = Instant.now().toString();
        json(response, 201, new ServiceInstanceResponseDTO(id, systemResponse(caller),
                new ServiceDefinitionResponseDTO(definition, now, now), version, instance.expiresAt(),
                instance.metadata() == null ? Map.of() : instance.metadata(), instance.interfaces(), now, now));
    }

    /** The {@code generic_http(s)} templates' rules: known template, mandatory properties, kebab-case operations. */
    @SuppressWarnings("unchecked")
    private static String interfaceProblem(final List<ServiceInstanceInterfaceRequestDTO> interfaces) {
        if (interfaces == null || interfaces.isEmpty()) {
            return "Service interface list is empty";
        }
        for (final ServiceInstanceInterfaceRequestDTO i : interfaces) {
            if (MQTT_TEMPLATES.contains(i.templateName())) {
                final String problem = mqttInterfaceProblem(i.properties());
                if (problem != null) {
                    return problem;
                }
                continue;
            }
            if (!HTTP_TEMPLATES.contains(i.templateName())) {
                return "Interface template does not exist: " + i.templateName();
            }
            final Map<String, Object> p = i.properties();
            if (p == null || !(p.get("accessAddresses") instanceof List<?> a) || a.isEmpty()
                    || !(p.get("accessPort") instanceof Integer) || !(p.get("basePath") instanceof String)) {
                return "Mandatory interface property is missing";
            }
            if (p.get("operations") instanceof Map<?, ?> operations) {
                for (final Map.Entry<String, Object> op : ((Map<String, Object>) operations).entrySet()) {
                    if (!OPERATION.matcher(op.getKey()).matches()
                            || !(op.getValue() instanceof Map<?, ?> m && m.get("method") != null
                            && m.get("path") != null)) {
                        return "The specified service operation name does not match the naming convention: "
                                + op.getKey();
                    }
                }
            }
        }
        return null;
    }

    /** The {@code generic_mqtt(s)} templates' rules: mandatory properties, operations a list of kebab-case names. */
    private static String mqttInterfaceProblem(final Map<String, Object> p) {
        if (p == null || !(p.get("accessAddresses") instanceof List<?> a) || a.isEmpty()
                || !(p.get("accessPort") instanceof Integer) || !(p.get("baseTopic") instanceof String)
                || !(p.get("operations") instanceof List<?> operations) || operations.isEmpty()) {
            return "Mandatory interface property is missing";
        }
        for (final Object op : operations) {
            if (!(op instanceof String name) || !OPERATION.matcher(name).matches()) {
                return "The specified service operation name does not match the naming convention: " + op;
            }
        }
        return null;
    }

    /**
     * Restricted discovery: anyone but {@code Sysop} sees only instances with {@code unrestrictedDiscovery=true}.
     * By instance ids or by service definition names.
     */
    private void lookupServices(final String caller, final ServiceInstanceLookupRequestDTO lookup,
                                final Response response) throws IOException {
        final List<ServiceInstanceResponseDTO> found = instances.entrySet().stream()
                .filter(e -> lookup.instanceIds() == null || lookup.instanceIds().contains(e.getKey()))
                .filter(e -> lookup.serviceDefinitionNames() == null
                        || lookup.serviceDefinitionNames().contains(e.getValue().serviceDefinitionName()))
                .filter(e -> caller.equals("Sysop") || (e.getValue().metadata() != null
                        && Boolean.TRUE.equals(e.getValue().metadata().get("unrestrictedDiscovery"))))
                .map(e -> instanceResponse(e.getKey(), e.getValue())).toList();
        json(response, 200, new ListResponseDTO<>(found, found.size()));
    }

    /**
     * A core system's service as the 5.x core registers it: {@code generic_http} at this address, port and base
     * path; with {@code unrestrictedDiscovery=true} when {@code unrestricted} (ConsumerAuthorization's
     * {@code authorization}), without it otherwise (its {@code authorizationManagement}).
     */
    public void registerCoreService(final String system, final String definition, final boolean unrestricted,
                                    final String address, final int port, final String basePath) {
        systems.put(system, new SystemRegisterRequestDTO(Map.of(), "5.2.0", List.of(address), null));
        instances.put(system + "|" + definition + "|1.0.0", new ServiceInstanceCreateRequestDTO(definition, "1.0.0",
                null, unrestricted ? Map.of("unrestrictedDiscovery", true) : Map.of(), List.of(new ServiceInstanceInterfaceRequestDTO(
                        "generic_http", "http", "NONE", Map.of("accessAddresses", List.of(address),
                        "accessPort", port, "basePath", basePath)))));
    }

    private ServiceInstanceResponseDTO instanceResponse(final String id, final ServiceInstanceCreateRequestDTO i) {
        final String now = Instant.now().toString();
        final String provider = id.substring(0, id.indexOf('|'));
        return new ServiceInstanceResponseDTO(id, systems.containsKey(provider) ? systemResponse(provider) : null,
                new ServiceDefinitionResponseDTO(i.serviceDefinitionName(), now, now), i.version(), i.expiresAt(),
                i.metadata() == null ? Map.of() : i.metadata(), i.interfaces(), now, now);
    }

    private SystemResponseDTO systemResponse(final String name) {
        final SystemRegisterRequestDTO system = systems.get(name);
        final String now = Instant.now().toString();
        return new SystemResponseDTO(name, system.metadata() == null ? Map.of() : system.metadata(),
                system.version() == null ? "1.0.0" : system.version(),
                system.addresses().stream().map(a -> new AddressDTO(a.matches("[0-9.]+") ? "IPV4" : "HOSTNAME", a))
                        .toList(), null, now, now);
    }

    @Override
    public void close() {
        http.close();
    }
}
