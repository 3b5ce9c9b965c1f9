package io.eventhandler.server.testing.arrowhead;

import eu.arrowhead.common.CommonConstants;
import eu.arrowhead.common.dto.shared.ServiceDefinitionResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceInterfaceResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryFormDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryResultDTO;
import eu.arrowhead.common.dto.shared.ServiceRegistryRequestDTO;
import eu.arrowhead.common.dto.shared.ServiceRegistryResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceSecurityType;
import eu.arrowhead.common.dto.shared.SystemRequestDTO;
import eu.arrowhead.common.dto.shared.SystemResponseDTO;
import eu.arrowhead.common.exception.ExceptionType;
import io.eventhandler.server.testing.TestCloud;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A Service Registry ({@code /serviceregistry}) that checks what the Arrowhead 4.6 one checks
 * ({@code ServiceRegistryController}, {@code ServiceRegistryDBService}, {@code SRAccessControlFilter},
 * strict service-definition and interface-name verifiers), with the same status, {@code exceptionType} and message.
 * Data is kept in memory, as a registry with a fresh database would.
 *
 * <p>Test controls: {@link #restart()} (forget everything, listen again on the same port), {@link #unavailable(int)},
 * {@link #seed(ServiceRegistryRequestDTO)} (store an entry without any check, e.g. a stale Event Handler elsewhere
 * or the Authorization's service), {@link #registrations()} and the recorded requests.
 */
public final class FakeServiceRegistry extends FakeCoreSystem {

    public static final String BASE = CommonConstants.SERVICEREGISTRY_URI;
    public static final String REGISTER = BASE + CommonConstants.OP_SERVICEREGISTRY_REGISTER_URI;
    public static final String UNREGISTER = BASE + CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_URI;
    public static final String QUERY = BASE + CommonConstants.OP_SERVICEREGISTRY_QUERY_URI;
    public static final String ECHO = BASE + CommonConstants.ECHO_URI;

    /** {@code CommonNamePartVerifier}: service definitions (strict mode) and system names. */
    public static final String NAME_PATTERN = "^[A-Za-z](?:[0-9A-Za-z-]*[0-9A-Za-z])?$";
    private static final Pattern NAME = Pattern.compile(NAME_PATTERN);
    private static final int MAX_NAME_LENGTH = 63;
    /** {@code ServiceInterfaceNameVerifier}; in strict mode the protocol is HTTP/HTTPS and the format JSON/XML. */
    private static final Pattern INTERFACE = Pattern.compile("^([A-Z_0-9]+)-(SECURE|INSECURE)-([A-Z_0-9]+)$");
    private static final Set<String> STRICT_PROTOCOLS = Set.of("HTTP", "HTTPS");
    private static final Set<String> STRICT_FORMATS = Set.of("JSON", "XML");

    /** {@code CoreSystem} values, lower-cased: the certificate names of core systems. */
    private static final Set<String> CORE_SYSTEMS = Set.of("serviceregistry", "systemregistry", "deviceregistry",
            "onboardingcontroller", "authorization", "orchestrator", "gatekeeper", "eventhandler", "datamanager",
            "timemanager", "gateway", "choreographer", "configuration", "qosmonitor", "certificateauthority",
            "translator", "plantdescriptionengine");
    /** {@code SRAccessControlFilter.allowedCoreSystemsForQuery}. */
    private static final Set<String> QUERY_ANYTHING = Set.of("orchestrator", "gatekeeper", "certificateauthority",
            "eventhandler", "authorization", "qosmonitor", "onboardingcontroller", "deviceregistry", "systemregistry");
    /** {@code CommonConstants.PUBLIC_CORE_SYSTEM_SERVICES}: what application systems may query directly. */
    private static final Set<String> PUBLIC_CORE_SERVICES = Set.of(CommonConstants.CORE_SERVICE_ORCH_PROCESS,
            CommonConstants.CORE_SERVICE_AUTH_PUBLIC_KEY, CommonConstants.CORE_SERVICE_EVENTHANDLER_PUBLISH,
            CommonConstants.CORE_SERVICE_EVENTHANDLER_SUBSCRIBE, CommonConstants.CORE_SERVICE_EVENTHANDLER_UNSUBSCRIBE,
            CommonConstants.CORE_SERVICE_DATAMANAGER_PROXY, CommonConstants.CORE_SERVICE_DATAMANAGER_HISTORIAN,
            CommonConstants.CORE_SERVICE_CHOREOGRAPHER_PROCESS, CommonConstants.CORE_SERVICE_TRANSLATOR,
            CommonConstants.CORE_SERVICE_CONFIGURATION_CONF, CommonConstants.CORE_SERVICE_CONFIGURATION_RAWCONF,
            CommonConstants.CORE_SERVICE_TIMEMANAGER_TIME);
    /**
     * Core service definitions ({@code CoreSystemService}) that only core systems may register; the ones of the
     * systems an Event Handler test meets. (The enum itself needs Spring to load.)
     */
    public static final Set<String> RESERVED_DEFINITIONS = Set.of(
            CommonConstants.CORE_SERVICE_EVENTHANDLER_PUBLISH, CommonConstants.CORE_SERVICE_EVENTHANDLER_SUBSCRIBE,
            CommonConstants.CORE_SERVICE_EVENTHANDLER_UNSUBSCRIBE,
            CommonConstants.CORE_SERVICE_EVENTHANDLER_PUBLISH_AUTH_UPDATE,
            CommonConstants.CORE_SERVICE_AUTH_TOKEN_GENERATION, CommonConstants.CORE_SERVICE_AUTH_PUBLIC_KEY,
            CommonConstants.CORE_SERVICE_AUTH_CONTROL_INTRA, CommonConstants.CORE_SERVICE_AUTH_CONTROL_INTER,
            CommonConstants.CORE_SERVICE_AUTH_CONTROL_SUBSCRIPTION, CommonConstants.CORE_SERVICE_ORCH_PROCESS,
            CommonConstants.CORE_SERVICE_SERVICEREGISTRY_REGISTER,
            CommonConstants.CORE_SERVICE_SERVICEREGISTRY_UNREGISTER);

    private final Map<Long, Entry> entries = new LinkedHashMap<>();
    private final Map<String, SystemRow> systems = new HashMap<>();
    private final Map<String, Long> definitions = new HashMap<>();
    private final Map<String, Long> interfaces = new HashMap<>();
    private long nextId = 1;
    private volatile int unavailableStatus;

    private FakeServiceRegistry(final SSLContext sslContext, final int port) {
        super("serviceregistry", sslContext, port);
    }

    /** Secure, as {@code serviceregistry} of the test cloud, on a free port; not started. */
    public static FakeServiceRegistry secure() {
        return new FakeServiceRegistry(TestCloud.get().sslContext("serviceregistry"), 0);
    }

    /** Secure with this server identity (e.g. a certificate for another host name); not started. */
    public static FakeServiceRegistry secure(final SSLContext identity) {
        return new FakeServiceRegistry(identity, 0);
    }

    /** Plain HTTP ({@code server.ssl.enabled=false}), on a free port; not started. */
    public static FakeServiceRegistry plain() {
        return new FakeServiceRegistry(null, 0);
    }

    /** Stops, forgets every registration (as a registry with an in-memory database), and listens again. */
    public void restart() {
        stop();
        forget();
        start();
    }

    /** Forgets every registration, system, definition and interface. */
    public synchronized void forget() {
        entries.clear();
        systems.clear();
        definitions.clear();
        interfaces.clear();
    }

    /** Answers every request with this status (e.g. 503) and an {@code UNAVAILABLE} error, until {@link #available()}. */
    public void unavailable(final int status) {
        unavailableStatus = status;
    }

    public void available() {
        unavailableStatus = 0;
    }

    /** Stores a registration as is, without access control or validation; returns it as the registry would. */
    public synchronized ServiceRegistryResponseDTO seed(final ServiceRegistryRequestDTO request) {
        final ServiceSecurityType security = request.getSecure() == null ? ServiceSecurityType.NOT_SECURE
                : ServiceSecurityType.valueOf(request.getSecure().toUpperCase(Locale.ROOT));
        return toDto(store(request, security));
    }

    /** Every registration, as {@code /query} would return it. */
    public synchronized List<ServiceRegistryResponseDTO> registrations() {
        return entries.values().stream().map(this::toDto).toList();
    }

    /** The registrations of one provider system name. */
    public List<ServiceRegistryResponseDTO> registrationsOf(final String systemName) {
        return registrations().stream()
                .filter(r -> r.getProvider().getSystemName().equalsIgnoreCase(systemName))
                .toList();
    }

    @Override
    protected void handle(final Exchange exchange) throws IOException {
        if (unavailableStatus != 0) {
            exchange.error(unavailableStatus, ExceptionType.UNAVAILABLE, "Service Registry is unavailable.",
                    exchange.path());
            return;
        }
        final String route = exchange.method() + " " + exchange.path();
        switch (route) {
            case "GET " + ECHO -> exchange.text(200, "Got it!");
            case "POST " + REGISTER -> register(exchange);
            case "DELETE " + UNREGISTER -> unregister(exchange);
            case "POST " + QUERY -> query(exchange);
            default -> exchange.error(404, ExceptionType.GENERIC, "No handler for " + route, exchange.path());
        }
    }

    private void register(final Exchange exchange) throws IOException {
        final Optional<ServiceRegistryRequestDTO> read = exchange.body(ServiceRegistryRequestDTO.class);
        if (read.isEmpty()) {
            return;
        }
        final ServiceRegistryRequestDTO request = read.get();
        if (isSecure() && !mayRegister(exchange, request)) {
            return;
        }
        final String problem = invalid(request);
        if (problem != null) {
            exchange.error(400, ExceptionType.BAD_PAYLOAD, problem, REGISTER);
            return;
        }
        final ServiceSecurityType security = request.getSecure() == null ? ServiceSecurityType.NOT_SECURE
                : ServiceSecurityType.valueOf(request.getSecure().trim().toUpperCase(Locale.ROOT));
        if (!isSecure() && security != ServiceSecurityType.NOT_SECURE) {
            exchange.error(400, ExceptionType.INVALID_PARAMETER,
                    "ServiceRegistry insecure mode can not handle secure services", REGISTER);
            return;
        }
        final ServiceRegistryResponseDTO created;
        synchronized (this) {
            final SystemRequestDTO provider = request.getProviderSystem();
            final String definition = request.getServiceDefinition().trim().toLowerCase(Locale.ROOT);
            final String uri = serviceUri(request.getServiceUri());
            final String name = provider.getSystemName().trim().toLowerCase(Locale.ROOT);
            final String address = provider.getAddress().trim().toLowerCase(Locale.ROOT);
            if (find(definition, name, address, provider.getPort(), uri).isPresent()) {
                exchange.error(400, ExceptionType.INVALID_PARAMETER, "Service Registry entry with provider: ("
                        + name + ", " + address + ":" + provider.getPort() + "), service definition: " + definition
                        + " and service URI: " + uri + " already exists.", REGISTER);
                return;
            }
            created = toDto(store(request, security));
        }
        exchange.json(201, created);
    }

    /** {@code SRAccessControlFilter.checkProviderAccessAndReservationsToRegister}. */
    private boolean mayRegister(final Exchange exchange, final ServiceRegistryRequestDTO request) throws IOException {
        final String client = exchange.caller().orElseThrow().systemName();
        final String provider = request.getProviderSystem() == null ? ""
                : Objects.requireNonNullElse(request.getProviderSystem().getSystemName(), "");
        final String definition = request.getServiceDefinition() == null ? "" : request.getServiceDefinition().trim();
        if (provider.isBlank()) {
            return true; // the controller refuses it
        }
        if (!provider.equalsIgnoreCase(client) && !provider.replace("_", "").equalsIgnoreCase(client)) {
            exchange.error(401, ExceptionType.AUTH, "Provider system name(" + provider
                    + ") and certificate common name (" + exchange.callerCommonName() + ") do not match!", REGISTER);
            return false;
        }
        if (!CORE_SYSTEMS.contains(client) && RESERVED_DEFINITIONS.contains(definition.toLowerCase(Locale.ROOT))) {
            exchange.error(401, ExceptionType.AUTH, "ServiceDefinition is not authorized to use. '"
                    + request.getServiceDefinition() + "' is a reserved arrowhead core service definition.", REGISTER);
            return false;
        }
        return true;
    }

    /** {@code ServiceRegistryController.checkServiceRegistryRequest} and the strict verifiers; null if valid. */
    private static String invalid(final ServiceRegistryRequestDTO request) {
        final String definition = request.getServiceDefinition();
        if (definition == null || definition.isBlank()) {
            return "Service definition is null or blank";
        }
        if (!isName(definition.trim())) {
            return "Service definition has invalid format. Name must match with the following regular expression: "
                    + NAME_PATTERN;
        }
        final SystemRequestDTO provider = request.getProviderSystem();
        if (provider == null) {
            return "System is null.";
        }
        if (provider.getSystemName() == null || provider.getSystemName().isBlank()) {
            return "System name is null or blank";
        }
        if (!isName(provider.getSystemName().trim())) {
            return "System name has invalid format. Name must match with the following regular expression: "
                    + NAME_PATTERN;
        }
        if (provider.getAddress() == null || provider.getAddress().isBlank()) {
            return "System address is null or blank";
        }
        if (provider.getPort() == null) {
            return "System port is null";
        }
        if (provider.getPort() < 0 || provider.getPort() > 65535) {
            return "Port must be between 0 and 65535.";
        }
        if (request.getEndOfValidity() != null && !request.getEndOfValidity().isBlank()) {
            try {
                Instant.parse(request.getEndOfValidity().trim());
            } catch (final DateTimeParseException e) {
                return "End of validity is specified in the wrong format. Please provide UTC time using "
                        + "yyyy-MM-dd'T'HH:mm:ss'Z' pattern.";
            }
        }
        ServiceSecurityType security = ServiceSecurityType.NOT_SECURE;
        if (request.getSecure() != null) {
            security = null;
            for (final ServiceSecurityType type : ServiceSecurityType.values()) {
                if (type.name().equalsIgnoreCase(request.getSecure().trim())) {
                    security = type;
                }
            }
            if (security == null) {
                return "Security type is not valid.";
            }
        }
        if (security != ServiceSecurityType.NOT_SECURE && provider.getAuthenticationInfo() == null) {
            return "Security type is in conflict with the availability of the authentication info.";
        }
        if (request.getInterfaces() == null || request.getInterfaces().isEmpty()) {
            return "Interfaces list is null or empty.";
        }
        for (final String name : request.getInterfaces()) {
            if (!isInterfaceName(name)) {
                return "Specified interface name is not valid: " + name;
            }
        }
        return null;
    }

    /** Whether the registry (strict mode) accepts this as a service definition or system name. */
    public static boolean isName(final String name) {
        return name.length() <= MAX_NAME_LENGTH && NAME.matcher(name).matches();
    }

    /** Whether the registry accepts this interface name in strict mode (which implies the loose pattern). */
    public static boolean isInterfaceName(final String name) {
        if (name == null) {
            return false;
        }
        final var matcher = INTERFACE.matcher(name.trim().toUpperCase(Locale.ROOT));
        return matcher.matches() && STRICT_PROTOCOLS.contains(matcher.group(1))
                && STRICT_FORMATS.contains(matcher.group(3));
    }

    private void unregister(final Exchange exchange) throws IOException {
        final String definition = exchange.parameter(CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_REQUEST_PARAM_SERVICE_DEFINITION);
        final String name = exchange.parameter(CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_REQUEST_PARAM_SYSTEM_NAME);
        final String address = exchange.parameter(CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_REQUEST_PARAM_ADDRESS);
        final String portText = exchange.parameter(CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_REQUEST_PARAM_PORT);
        final String uriParam = exchange.parameter(CommonConstants.OP_SERVICEREGISTRY_UNREGISTER_REQUEST_PARAM_SERVICE_URI);
        if (isSecure() && name != null && !name.isBlank()) {
            final String client = exchange.caller().orElseThrow().systemName();
            if (!name.equalsIgnoreCase(client) && !name.replace("_", "").equalsIgnoreCase(client)) {
                exchange.error(401, ExceptionType.AUTH, "Provider system name(" + name
                        + ") and certificate common name (" + exchange.callerCommonName() + ") do not match!",
                        UNREGISTER);
                return;
            }
        }
        final String problem;
        if (uriParam == null) {
            problem = "Required request parameter 'service_uri' for method parameter type String is not present";
        } else if (definition == null || definition.isBlank()) {
            problem = "Service definition is blank";
        } else if (name == null || name.isBlank()) {
            problem = "Name of the provider system is blank";
        } else if (address == null || address.isBlank()) {
            problem = "Address of the provider system is blank";
        } else if (portText == null || !portText.trim().matches("\\d{1,5}") || Integer.parseInt(portText.trim()) > 65535) {
            problem = "Port must be between 0 and 65535.";
        } else {
            problem = null;
        }
        if (problem != null) {
            exchange.error(400, ExceptionType.BAD_PAYLOAD, problem, UNREGISTER);
            return;
        }
        final String validDefinition = definition.trim().toLowerCase(Locale.ROOT);
        final String validName = name.trim().toLowerCase(Locale.ROOT);
        final String validAddress = address.trim().toLowerCase(Locale.ROOT);
        final int port = Integer.parseInt(portText.trim());
        final String uri = serviceUri(uriParam);
        synchronized (this) {
            final String missing;
            if (!definitions.containsKey(validDefinition)) {
                missing = "No service exists with definition " + validDefinition;
            } else if (!systems.containsKey(systemKey(validName, validAddress, port))) {
                missing = "No system with name: " + validName + ", address: " + validAddress + ", port: " + port
                        + " exists.";
            } else if (find(validDefinition, validName, validAddress, port, uri).isEmpty()) {
                missing = "No Service Registry entry with provider: (" + validName + ", " + validAddress + ":" + port
                        + "), service definition: " + validDefinition + " and service URI: " + uri + " exists.";
            } else {
                missing = null;
                entries.remove(find(validDefinition, validName, validAddress, port, uri).get().id());
            }
            if (missing != null) {
                exchange.error(400, ExceptionType.INVALID_PARAMETER, missing, UNREGISTER);
                return;
            }
        }
        exchange.empty(200);
    }

    private void query(final Exchange exchange) throws IOException {
        final Optional<ServiceQueryFormDTO> read = exchange.body(ServiceQueryFormDTO.class);
        if (read.isEmpty()) {
            return;
        }
        final ServiceQueryFormDTO form = read.get();
        final String definition = form.getServiceDefinitionRequirement();
        if (isSecure() && !mayQuery(exchange, definition)) {
            return;
        }
        if (definition == null || definition.isBlank()) {
            exchange.error(400, ExceptionType.BAD_PAYLOAD, "Service definition requirement is null or blank", QUERY);
            return;
        }
        final ServiceQueryResultDTO result = new ServiceQueryResultDTO();
        synchronized (this) {
            final List<Entry> ofDefinition = entries.values().stream()
                    .filter(e -> e.definition().equals(definition.trim().toLowerCase(Locale.ROOT)))
                    .toList();
            result.setUnfilteredHits(ofDefinition.size());
            result.setServiceQueryData(ofDefinition.stream().filter(e -> matches(e, form)).map(this::toDto).toList());
        }
        exchange.json(200, result);
    }

    /** {@code SRAccessControlFilter} for {@code /query}. */
    private boolean mayQuery(final Exchange exchange, final String definition) throws IOException {
        final String client = exchange.caller().orElseThrow().systemName();
        if (QUERY_ANYTHING.contains(client)) {
            return true;
        }
        if (CORE_SYSTEMS.contains(client)) {
            exchange.error(401, ExceptionType.AUTH, "This core system only query data about its own services.",
                    QUERY);
            return false;
        }
        if (definition == null || definition.isBlank()) {
            exchange.error(401, ExceptionType.AUTH, "Service is not defined.", QUERY);
            return false;
        }
        if (!PUBLIC_CORE_SERVICES.contains(definition.trim().toLowerCase(Locale.ROOT))) {
            exchange.error(401, ExceptionType.AUTH, "Only public core system services are allowed to query directly. "
                    + "Requested service (" + definition + ") is not!", QUERY);
            return false;
        }
        return true;
    }

    private static boolean matches(final Entry entry, final ServiceQueryFormDTO form) {
        if (form.getInterfaceRequirements() != null && !form.getInterfaceRequirements().isEmpty()
                && form.getInterfaceRequirements().stream().map(i -> i.trim().toUpperCase(Locale.ROOT))
                .noneMatch(entry.interfaces()::contains)) {
            return false;
        }
        if (form.getSecurityRequirements() != null && !form.getSecurityRequirements().isEmpty()
                && !form.getSecurityRequirements().contains(entry.security())) {
            return false;
        }
        if (form.getVersionRequirement() != null) {
            if (entry.version() != form.getVersionRequirement()) {
                return false;
            }
        } else if (form.getMinVersionRequirement() != null && entry.version() < form.getMinVersionRequirement()
                || form.getMaxVersionRequirement() != null && entry.version() > form.getMaxVersionRequirement()) {
            return false;
        }
        if (form.getMetadataRequirements() != null && !form.getMetadataRequirements().isEmpty()) {
            final Map<String, String> metadata = entry.metadata() == null ? Map.of() : entry.metadata();
            return form.getMetadataRequirements().entrySet().stream()
                    .allMatch(r -> r.getValue().trim().equals(metadata.get(r.getKey().trim())));
        }
        return true;
    }

    private Entry store(final ServiceRegistryRequestDTO request, final ServiceSecurityType security) {
        final SystemRequestDTO provider = request.getProviderSystem();
        final String name = provider.getSystemName().trim().toLowerCase(Locale.ROOT);
        final String address = provider.getAddress().trim().toLowerCase(Locale.ROOT);
        // findOrCreateSystem: an existing system takes the new authentication info and metadata
        final SystemRow system = systems.compute(systemKey(name, address, provider.getPort()), (key, existing) ->
                new SystemRow(existing != null ? existing.id() : nextId++, name, address, provider.getPort(),
                        provider.getAuthenticationInfo(), provider.getMetadata()));
        final String definition = request.getServiceDefinition().trim().toLowerCase(Locale.ROOT);
        definitions.computeIfAbsent(definition, d -> nextId++);
        final List<String> names = new ArrayList<>();
        for (final String intf : request.getInterfaces()) {
            final String upper = intf.trim().toUpperCase(Locale.ROOT);
            interfaces.computeIfAbsent(upper, i -> nextId++);
            names.add(upper);
        }
        final Entry entry = new Entry(nextId++, definition, system, serviceUri(request.getServiceUri()),
                request.getEndOfValidity(), security,
                request.getMetadata() == null ? null : new HashMap<>(request.getMetadata()),
                request.getVersion() == null ? 1 : request.getVersion(), names,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        entries.put(entry.id(), entry);
        return entry;
    }

    private Optional<Entry> find(final String definition, final String name, final String address, final int port,
                                 final String uri) {
        return entries.values().stream()
                .filter(e -> e.definition().equals(definition) && e.system().name().equals(name)
                        && e.system().address().equals(address) && e.system().port() == port
                        && e.serviceUri().equals(uri))
                .findFirst();
    }

    private ServiceRegistryResponseDTO toDto(final Entry entry) {
        final SystemRow s = entry.system();
        final ServiceRegistryResponseDTO dto = new ServiceRegistryResponseDTO();
        dto.setId(entry.id());
        dto.setServiceDefinition(new ServiceDefinitionResponseDTO(definitions.get(entry.definition()),
                entry.definition(), entry.createdAt(), entry.createdAt()));
        dto.setProvider(new SystemResponseDTO(s.id(), s.name(), s.address(), s.port(), s.authenticationInfo(),
                s.metadata(), entry.createdAt(), entry.createdAt()));
        dto.setServiceUri(entry.serviceUri());
        dto.setEndOfValidity(entry.endOfValidity());
        dto.setSecure(entry.security());
        dto.setMetadata(entry.metadata());
        dto.setVersion(entry.version());
        dto.setInterfaces(entry.interfaces().stream()
                .map(i -> new ServiceInterfaceResponseDTO(interfaces.get(i), i, entry.createdAt(), entry.createdAt()))
                .toList());
        dto.setCreatedAt(entry.createdAt());
        dto.setUpdatedAt(entry.createdAt());
        return dto;
    }

    private static String serviceUri(final String uri) {
        return uri == null ? "" : uri.trim();
    }

    private static String systemKey(final String name, final String address, final int port) {
        return name + "|" + address + "|" + port;
    }

    private record SystemRow(long id, String name, String address, int port, String authenticationInfo,
                             Map<String, String> metadata) {
    }

    private record Entry(long id, String definition, SystemRow system, String serviceUri, String endOfValidity,
                         ServiceSecurityType security, Map<String, String> metadata, int version,
                         List<String> interfaces, String createdAt) {
    }
}
