package io.eventhandler.server.arrowhead;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.core.ServiceRegistryRequestDTO;
import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;

import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * What the Event Handler registers in the Service Registry: Arrowhead's four Event Handler services, exactly as
 * {@code ApplicationInitListener} registers them, plus the SSE stream and the batch publish
 * ({@code event-publish-batch}, so that a consumer can be authorised for it and find it through the Orchestrator).
 *
 * <p>The SSE service is {@code event-subscribe-sse} with interface {@code HTTP-SECURE-JSON}
 * ({@code HTTP-INSECURE-JSON} in plain mode) and metadata {@code stream=text/event-stream}. The name passes the
 * registry's strict service-definition check ({@code CommonNamePartVerifier}: a letter, then letters, digits and
 * dashes, not ending in a dash). The interface cannot say "SSE": with {@code use_strict_service_intf_name_verifier}
 * the registry accepts only protocol {@code HTTP}/{@code HTTPS} and format {@code JSON}/{@code XML}
 * ({@code ServiceInterfaceNameVerifier}), and the events in the stream are JSON; the metadata tells the stream apart.
 * It is no reserved core service definition, so registering it needs no special rights either.
 */
public final class EventHandlerServices {

    /** The system name when there is no certificate to take it from (plain mode), as Arrowhead names the EH. */
    public static final String DEFAULT_SYSTEM_NAME = "eventhandler";

    public static final String PUBLISH = "event-publish";
    public static final String SUBSCRIBE = "event-subscribe";
    public static final String UNSUBSCRIBE = "event-unsubscribe";
    public static final String PUBLISH_AUTH_UPDATE = "event-publish-auth-update";
    public static final String SUBSCRIBE_SSE = "event-subscribe-sse";
    /** Not an Arrowhead service either: many events in one request, all or none. */
    public static final String PUBLISH_BATCH = "event-publish-batch";

    public static final String AUTH_UPDATE_PATH = "/publish/authupdate";

    public static final String HTTP_SECURE_JSON = "HTTP-SECURE-JSON";
    public static final String HTTP_INSECURE_JSON = "HTTP-INSECURE-JSON";
    public static final String CERTIFICATE = "CERTIFICATE";
    public static final String NOT_SECURE = "NOT_SECURE";

    /** Service metadata that marks the SSE registration. */
    public static final Map<String, String> SSE_METADATA = Map.of("stream", "text/event-stream");

    /** Service definition, path and metadata of the services we provide, in registration order. */
    private static final List<Service> SERVICES = List.of(
            new Service(PUBLISH, EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH, null),
            new Service(SUBSCRIBE, EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE, null),
            new Service(UNSUBSCRIBE, EventHandlerApi.BASE_PATH + EventHandlerApi.UNSUBSCRIBE, null),
            new Service(PUBLISH_AUTH_UPDATE, EventHandlerApi.BASE_PATH + AUTH_UPDATE_PATH, null),
            new Service(SUBSCRIBE_SSE, EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, SSE_METADATA),
            new Service(PUBLISH_BATCH, EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH, null));

    private final SystemRequestDTO provider;
    private final boolean secure;
    private final List<ServiceRegistryRequestDTO> registrations;

    /**
     * @param provider the Event Handler as registered (name, address, port; {@code authenticationInfo} in secure
     *                 mode)
     * @param secure   {@code CERTIFICATE} and {@code HTTP-SECURE-JSON}, else {@code NOT_SECURE} and
     *                 {@code HTTP-INSECURE-JSON}
     */
    public EventHandlerServices(final SystemRequestDTO provider, final boolean secure) {
        this.provider = provider;
        this.secure = secure;
        final String security = secure ? CERTIFICATE : NOT_SECURE;
        final List<String> interfaces = List.of(secure ? HTTP_SECURE_JSON : HTTP_INSECURE_JSON);
        this.registrations = SERVICES.stream()
                .map(s -> new ServiceRegistryRequestDTO(s.definition(), provider, s.uri(), null, security,
                        s.metadata(), null, interfaces))
                .toList();
    }

    /**
     * Secure mode: the system name is the first label of the certificate's CN (normally {@code eventhandler}, which
     * the registry requires for {@code event-*}), {@code authenticationInfo} the Base64 DER public key.
     *
     * @throws IllegalArgumentException if the certificate's CN is not an Arrowhead system name
     */
    public static EventHandlerServices secure(final X509Certificate certificate, final String address,
                                              final int port) {
        final SystemIdentity identity = ArrowheadName.commonName(certificate)
                .flatMap(ArrowheadName::parseSystem)
                .orElseThrow(() -> new IllegalArgumentException("certificate subject "
                        + certificate.getSubjectX500Principal().getName()
                        + " is no Arrowhead system name <system>.<cloud>.<operator>.arrowhead.eu"));
        return new EventHandlerServices(new SystemRequestDTO(identity.systemName(), address, port,
                authenticationInfo(certificate.getPublicKey()), null), true);
    }

    /** Plain mode: system {@value #DEFAULT_SYSTEM_NAME}, no {@code authenticationInfo}. */
    public static EventHandlerServices insecure(final String address, final int port) {
        return new EventHandlerServices(new SystemRequestDTO(DEFAULT_SYSTEM_NAME, address, port, null, null), false);
    }

    /** Arrowhead's {@code authenticationInfo}: Base64 of the DER SubjectPublicKeyInfo, no PEM armour. */
    public static String authenticationInfo(final PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** The registered provider system. */
    public SystemRequestDTO provider() {
        return provider;
    }

    public boolean secure() {
        return secure;
    }

    /** The six registrations, in the order they are made. */
    public List<ServiceRegistryRequestDTO> registrations() {
        return registrations;
    }

    /** The six service definitions. */
    public List<String> serviceDefinitions() {
        return SERVICES.stream().map(Service::definition).toList();
    }

    private record Service(String definition, String uri, Map<String, String> metadata) {
    }
}
