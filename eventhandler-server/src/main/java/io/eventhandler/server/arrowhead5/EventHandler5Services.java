package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.ServiceInstanceCreateRequest;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.ServiceInstanceInterfaceRequest;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.SystemRegisterRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Event Handler registers in an Arrowhead 5 Service Registry, named by the 5.x rules (services camelCase,
 * operations kebab-case): {@code eventPublish} ({@code publish}, {@code publish-batch}) and {@code eventSubscribe}
 * ({@code subscribe}, {@code unsubscribe}, {@code stream}, the SSE stream). Each has one {@code generic_http} or
 * {@code generic_https} interface with the access address, port, base path {@code /eventhandler} and its
 * operations' methods and paths, the same endpoints the 4.6 dialect serves. 5.x has no authorization update push,
 * so there is no counterpart of 4.6's {@code event-publish-auth-update}. With MQTT on, each service also has a
 * {@code generic_mqtt} ({@code generic_mqtts} over TLS) interface: the broker's address and port, the base topic
 * {@code arrowhead/<system>/<service>/} and the operations taken over MQTT.
 */
public final class EventHandler5Services {

    /** Services and instances carry this version (5.x semantic versions). */
    public static final String VERSION = "1.0.0";
    public static final String PUBLISH_SERVICE = "eventPublish";
    public static final String SUBSCRIBE_SERVICE = "eventSubscribe";
    /** Interface policy: the Event Handler identifies its callers itself, as a 5.x support system does. */
    public static final String POLICY = "NONE";
    /** Interface policy in a certificate cloud: callers need a certificate, as the 5.x core systems register. */
    public static final String CERTIFICATE_POLICY = "CERT_AUTH";
    /** The operations each service takes over MQTT (the SSE stream has no MQTT counterpart). */
    public static final Map<String, List<String>> MQTT_OPERATIONS = Map.of(
            PUBLISH_SERVICE, List.of("publish", "publish-batch"),
            SUBSCRIBE_SERVICE, List.of("subscribe", "unsubscribe"));

    private static final Map<String, Map<String, Operation>> SERVICES = Map.of(
            PUBLISH_SERVICE, operations(
                    "publish", new Operation("POST", EventHandlerApi.PUBLISH),
                    "publish-batch", new Operation("POST", EventHandlerApi.PUBLISH_BATCH)),
            SUBSCRIBE_SERVICE, operations(
                    "subscribe", new Operation("POST", EventHandlerApi.SUBSCRIBE),
                    "unsubscribe", new Operation("DELETE", EventHandlerApi.UNSUBSCRIBE),
                    "stream", new Operation("GET", EventHandlerApi.SUBSCRIPTION)));

    private final String systemName;
    private final String address;
    private final int port;
    private final boolean secure;
    private final boolean unrestrictedDiscovery;
    private final String policy;
    private final MqttBroker mqtt;

    /** The broker a {@code generic_mqtt(s)} interface names. */
    public record MqttBroker(String address, int port, boolean tls) {
    }

    /** With the interface policy {@link #POLICY}. */
    public EventHandler5Services(final String systemName, final String address, final int port,
                                 final boolean secure, final boolean unrestrictedDiscovery) {
        this(systemName, address, port, secure, unrestrictedDiscovery, POLICY, null);
    }

    /**
     * @param secure                {@code generic_https} (TLS listener), else {@code generic_http}
     * @param unrestrictedDiscovery whether ordinary lookups see the services (else only orchestration does)
     * @param policy                the HTTP interfaces' policy, {@link #POLICY} or {@link #CERTIFICATE_POLICY}
     * @param mqtt                  the broker the services are also offered on; null: HTTP only
     */
    public EventHandler5Services(final String systemName, final String address, final int port,
                                 final boolean secure, final boolean unrestrictedDiscovery, final String policy,
                                 final MqttBroker mqtt) {
        this.policy = policy;
        this.mqtt = mqtt;
        this.systemName = systemName;
        this.address = address;
        this.port = port;
        this.secure = secure;
        this.unrestrictedDiscovery = unrestrictedDiscovery;
    }

    public String systemName() {
        return systemName;
    }

    /** Whether the services carry {@code unrestrictedDiscovery=true}, so that the Event Handler's own lookup sees them. */
    public boolean visibleToLookups() {
        return unrestrictedDiscovery;
    }

    /** The two service definitions, in registration order. */
    public static List<String> serviceDefinitions() {
        return List.of(PUBLISH_SERVICE, SUBSCRIBE_SERVICE);
    }

    /** The 5.x instance id, {@code <System>|<service>|<version>}. */
    public String instanceId(final String serviceDefinition) {
        return systemName + "|" + serviceDefinition + "|" + VERSION;
    }

    SystemRegisterRequest system() {
        return new SystemRegisterRequest(null, VERSION, List.of(address), null);
    }

    List<ServiceInstanceCreateRequest> instances() {
        return serviceDefinitions().stream().map(this::instance).toList();
    }

    private ServiceInstanceCreateRequest instance(final String definition) {
        final Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("accessAddresses", List.of(address));
        properties.put("accessPort", port);
        properties.put("basePath", EventHandlerApi.BASE_PATH);
        properties.put("operations", SERVICES.get(definition));
        final Map<String, Object> metadata = unrestrictedDiscovery ? Map.of("unrestrictedDiscovery", true) : null;
        final List<ServiceInstanceInterfaceRequest> interfaces = new ArrayList<>();
        interfaces.add(new ServiceInstanceInterfaceRequest(secure ? "generic_https" : "generic_http",
                secure ? "https" : "http", policy, properties));
        if (mqtt != null) {
            final Map<String, Object> mqttProperties = new LinkedHashMap<>();
            mqttProperties.put("accessAddresses", List.of(mqtt.address()));
            mqttProperties.put("accessPort", mqtt.port());
            mqttProperties.put("baseTopic", baseTopic(systemName, definition));
            mqttProperties.put("operations", MQTT_OPERATIONS.get(definition));
            interfaces.add(new ServiceInstanceInterfaceRequest(mqtt.tls() ? "generic_mqtts" : "generic_mqtt",
                    mqtt.tls() ? "ssl" : "tcp", POLICY, mqttProperties));
        }
        return new ServiceInstanceCreateRequest(definition, VERSION, null, metadata, interfaces);
    }

    /**
     * The MQTT base topic of a service, {@code arrowhead/<system>/<service>/}, both in kebab-case as the 5.x core
     * systems' (e.g. {@code arrowhead/consumer-authorization/authorization/}): {@code EventHandler}'s
     * {@code eventPublish} is {@code arrowhead/event-handler/event-publish/}.
     */
    public static String baseTopic(final String systemName, final String serviceDefinition) {
        return "arrowhead/" + kebab(systemName) + "/" + kebab(serviceDefinition) + "/";
    }

    private static String kebab(final String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }

    private static Map<String, Operation> operations(final Object... pairs) {
        final Map<String, Operation> operations = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            operations.put((String) pairs[i], (Operation) pairs[i + 1]);
        }
        return operations;
    }

    /** An HTTP operation as the {@code generic_http(s)} template's {@code operations} property holds it. */
    record Operation(String method, String path) {
    }
}
