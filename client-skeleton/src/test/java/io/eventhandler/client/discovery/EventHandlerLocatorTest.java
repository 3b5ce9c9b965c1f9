package io.eventhandler.client.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.arrowhead.common.dto.shared.OrchestrationFlags.Flag;
import eu.arrowhead.common.dto.shared.OrchestrationFormRequestDTO;
import eu.arrowhead.common.dto.shared.OrchestrationResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryFormDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryResultDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerEndpoints;
import io.eventhandler.client.EventHandlerInstances;
import io.eventhandler.client.testing.CoreSystemDouble;
import io.eventhandler.client.testing.OfficialAnswers;
import io.eventhandler.client.testing.OfficialAnswers.Registration;
import io.eventhandler.client.testing.TestCloud;
import io.eventhandler.security.certs.SubjectAltNames;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The locator against Orchestrator and Service Registry doubles that speak HTTPS with client certificates and read
 * and answer the official Arrowhead DTOs.
 */
class EventHandlerLocatorTest {

    private static final TestCloud CLOUD = TestCloud.get();
    private static final ClientTls TLS = CLOUD.tls("sensor");
    private static final SystemRequestDTO REQUESTER = TLS.system("127.0.0.1", 9100);
    private static final URI FALLBACK = URI.create("https://127.0.0.1:8455");
    private static final Set<String> ALL_DEFINITIONS =
            Set.of("event-publish", "event-subscribe", "event-unsubscribe", "event-subscribe-sse");

    /** What the orchestrator and the registry know, by service definition. */
    private final Map<String, List<Registration>> orchestrated = new ConcurrentHashMap<>();
    private final Map<String, List<Registration>> registered = new ConcurrentHashMap<>();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (final AutoCloseable closeable : toClose) {
            closeable.close();
        }
    }

    private CoreSystemDouble<OrchestrationFormRequestDTO, OrchestrationResponseDTO> orchestrator(final SSLContext tls) {
        final CoreSystemDouble<OrchestrationFormRequestDTO, OrchestrationResponseDTO> core = CoreSystemDouble.start(tls,
                "/orchestrator/orchestration", OrchestrationFormRequestDTO.class, form -> OfficialAnswers.orchestration(
                        orchestrated.getOrDefault(form.getRequestedService().getServiceDefinitionRequirement(), List.of())
                                .toArray(Registration[]::new)));
        toClose.add(core);
        return core;
    }

    private CoreSystemDouble<ServiceQueryFormDTO, ServiceQueryResultDTO> serviceRegistry(final SSLContext tls) {
        final CoreSystemDouble<ServiceQueryFormDTO, ServiceQueryResultDTO> core = CoreSystemDouble.start(tls,
                "/serviceregistry/query", ServiceQueryFormDTO.class, form -> OfficialAnswers.query(
                        registered.getOrDefault(form.getServiceDefinitionRequirement(), List.of())
                                .toArray(Registration[]::new)));
        toClose.add(core);
        return core;
    }

    /** An Event Handler at 127.0.0.1:{@code port} with its services at the standard paths. */
    private static void eventHandlerAt(final Map<String, List<Registration>> in, final int port) {
        final var provider = OfficialAnswers.system("eventhandler", "127.0.0.1", port);
        in.put("event-publish", List.of(new Registration("event-publish", provider, "/eventhandler/publish")));
        in.put("event-subscribe", List.of(new Registration("event-subscribe", provider, "/eventhandler/subscribe")));
        in.put("event-unsubscribe", List.of(new Registration("event-unsubscribe", provider, "/eventhandler/unsubscribe")));
        in.put("event-subscribe-sse", List.of(new Registration("event-subscribe-sse", provider, "/eventhandler/subscription")));
    }

    private static URI closedPort() {
        return URI.create("https://127.0.0.1:1");
    }

    private static EventHandlerLocator.Builder secureLocator() {
        return EventHandlerLocator.builder().requester(REQUESTER).tls(TLS);
    }

    @Test
    void orchestratorAnswersWithTheFirstResultAndTheRegistryIsNotAsked() {
        eventHandlerAt(orchestrated, 9455);
        final var other = OfficialAnswers.system("eventhandler", "127.0.0.9", 9999);
        orchestrated.put("event-publish", List.of(orchestrated.get("event-publish").get(0),
                new Registration("event-publish", other, "/eventhandler/publish")));
        eventHandlerAt(registered, 9456);
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));

        final EventHandlerLocation location = secureLocator().orchestrator(orchestrator.baseUri())
                .serviceRegistry(registry.baseUri()).fallback(FALLBACK).build().locate();

        assertEquals(LocationSource.ORCHESTRATOR, location.source());
        assertEquals(URI.create(orchestrator.baseUri() + "/orchestrator/orchestration"), location.askedAt());
        assertEquals(EventHandlerEndpoints.of(URI.create("https://127.0.0.1:9455")), location.endpoints());
        assertTrue(location.endpoints().isStandard());
        assertEquals(List.of(), orchestrator.malformed());
        assertEquals(4, orchestrator.requests().size());
        assertEquals(ALL_DEFINITIONS, orchestrator.requests().stream()
                .map(form -> form.getRequestedService().getServiceDefinitionRequirement()).collect(Collectors.toSet()));
        for (final OrchestrationFormRequestDTO form : orchestrator.requests()) {
            assertEquals("sensor", form.getRequesterSystem().getSystemName());
            assertEquals("127.0.0.1", form.getRequesterSystem().getAddress());
            assertEquals(9100, form.getRequesterSystem().getPort());
            assertEquals(TLS.authenticationInfo(), form.getRequesterSystem().getAuthenticationInfo());
            assertTrue(form.getOrchestrationFlags().get(Flag.OVERRIDE_STORE), "dynamic orchestration");
            assertFalse(form.getOrchestrationFlags().get(Flag.MATCHMAKING));
            assertNull(form.getRequesterCloud());
        }
        assertEquals(Set.of(TestCloud.commonName("sensor")), Set.copyOf(orchestrator.callers()),
                "the client certificate is presented to the core system");
        assertEquals(List.of(), registry.requests());
    }

    /** A primary and its backup registered with the same services, the primary first. */
    private static void primaryAndBackup(final Map<String, List<Registration>> in, final int primaryPort,
                                         final int backupPort) {
        final var primary = OfficialAnswers.system("eventhandler", "127.0.0.1", primaryPort);
        final var backup = OfficialAnswers.system("eventhandler", "127.0.0.2", backupPort);
        for (final String[] service : new String[][] {{"event-publish", "/eventhandler/publish"},
                {"event-subscribe", "/eventhandler/subscribe"}, {"event-unsubscribe", "/eventhandler/unsubscribe"}}) {
            in.put(service[0], List.of(new Registration(service[0], primary, service[1]),
                    new Registration(service[0], backup, service[1])));
        }
        // listed the other way round: each instance must still get its own stream
        in.put("event-subscribe-sse", List.of(new Registration("event-subscribe-sse", backup, "custom/sse"),
                new Registration("event-subscribe-sse", primary, "/eventhandler/subscription")));
    }

    @Test
    void locateAllNamesEveryProviderInTheOrchestratorsOrderEachWithItsOwnServices() {
        primaryAndBackup(orchestrated, 9455, 9465);
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));
        final EventHandlerLocator locator = secureLocator().orchestrator(orchestrator.baseUri()).build();

        final List<EventHandlerLocation> all = locator.locateAll();

        assertEquals(2, all.size(), all.toString());
        assertEquals(LocationSource.ORCHESTRATOR, all.get(1).source());
        assertEquals(EventHandlerEndpoints.of(URI.create("https://127.0.0.1:9455")), all.get(0).endpoints());
        final EventHandlerEndpoints backup = all.get(1).endpoints();
        assertEquals(URI.create("https://127.0.0.2:9465"), backup.baseUri());
        assertEquals(URI.create("https://127.0.0.2:9465/eventhandler/publish"), backup.publish());
        assertEquals(URI.create("https://127.0.0.2:9465/eventhandler/subscribe"), backup.subscribe());
        assertEquals(URI.create("https://127.0.0.2:9465/eventhandler/unsubscribe"), backup.unsubscribe());
        assertEquals(URI.create("https://127.0.0.2:9465/custom/sse"), backup.subscription());
        assertEquals(4, orchestrator.requests().size(), "one orchestration per service, for both instances");
        assertEquals(new EventHandlerInstances(List.of(all.get(0).endpoints(), backup)), locator.locateInstances());
        assertEquals(all.get(0), locator.locate(), "locate takes the primary");
    }

    @Test
    void locateAllNamesEveryRegistrationOfTheServiceRegistryInOrder() {
        primaryAndBackup(registered, 9456, 9466);
        final var registry = serviceRegistry(null);

        final EventHandlerInstances instances = EventHandlerLocator.builder().serviceRegistry(registry.baseUri())
                .build().locateInstances();

        assertEquals(List.of(URI.create("http://127.0.0.1:9456"), URI.create("http://127.0.0.2:9466")),
                instances.endpoints().stream().map(EventHandlerEndpoints::baseUri).toList());
        assertEquals(URI.create("http://127.0.0.1:9456/eventhandler/subscription"), instances.primary().subscription());
    }

    @Test
    void configuredFallbacksAreEveryInstanceInOrder() {
        final List<EventHandlerLocation> all = EventHandlerLocator.builder().serviceRegistry(closedPort())
                .fallback(List.of(URI.create("http://127.0.0.1:8455/"), URI.create("http://127.0.0.1:8465")))
                .build().locateAll();

        assertEquals(List.of(LocationSource.CONFIGURED, LocationSource.CONFIGURED),
                all.stream().map(EventHandlerLocation::source).toList());
        assertEquals(List.of(EventHandlerEndpoints.of(URI.create("http://127.0.0.1:8455")),
                EventHandlerEndpoints.of(URI.create("http://127.0.0.1:8465"))),
                all.stream().map(EventHandlerLocation::endpoints).toList());
    }

    @Test
    void eachServiceGetsTheUriItsSourceNames() {
        eventHandlerAt(orchestrated, 9455);
        orchestrated.put("event-subscribe-sse", List.of(new Registration("event-subscribe-sse",
                OfficialAnswers.system("eventhandler", "localhost", 9457), "custom/sse")));
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));

        final EventHandlerEndpoints endpoints = secureLocator().orchestrator(orchestrator.baseUri()).build()
                .locate().endpoints();

        assertFalse(endpoints.isStandard());
        assertEquals(URI.create("https://127.0.0.1:9455"), endpoints.baseUri());
        assertEquals(URI.create("https://127.0.0.1:9455/eventhandler/publish"), endpoints.publish());
        assertEquals(URI.create("https://127.0.0.1:9455/eventhandler/echo"), endpoints.echo());
        assertEquals(URI.create("https://localhost:9457/custom/sse"), endpoints.subscription());
    }

    @Test
    void aStockArrowheadEventHandlerWithoutTheSseServiceGetsTheStandardStreamPath() {
        eventHandlerAt(registered, 9456);
        registered.remove("event-subscribe-sse");
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));

        final EventHandlerLocation location = secureLocator().serviceRegistry(registry.baseUri()).build().locate();

        assertEquals(LocationSource.SERVICE_REGISTRY, location.source());
        assertEquals(URI.create("https://127.0.0.1:9456/eventhandler/subscription"), location.endpoints().subscription());
        assertEquals(4, registry.requests().size(), "it was asked for the SSE service too");
    }

    @Test
    void orchestratorDownFallsBackToTheServiceRegistrysFirstRegistration() {
        eventHandlerAt(registered, 9456);
        registered.put("event-publish", List.of(registered.get("event-publish").get(0), new Registration(
                "event-publish", OfficialAnswers.system("eventhandler", "127.0.0.9", 9999), "/eventhandler/publish")));
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));

        final EventHandlerLocation location = secureLocator().orchestrator(closedPort())
                .serviceRegistry(registry.baseUri()).fallback(FALLBACK).build().locate();

        assertEquals(LocationSource.SERVICE_REGISTRY, location.source());
        assertEquals(URI.create(registry.baseUri() + "/serviceregistry/query"), location.askedAt());
        assertEquals(EventHandlerEndpoints.of(URI.create("https://127.0.0.1:9456")), location.endpoints());
        assertEquals(List.of(), registry.malformed());
        assertEquals(ALL_DEFINITIONS, registry.requests().stream()
                .map(ServiceQueryFormDTO::getServiceDefinitionRequirement).collect(Collectors.toSet()));
        for (final ServiceQueryFormDTO query : registry.requests()) {
            assertNull(query.getInterfaceRequirements(), "the public query names the definition only");
            assertFalse(query.getPingProviders());
        }
        assertEquals(Set.of(TestCloud.commonName("sensor")), Set.copyOf(registry.callers()));
    }

    @Test
    void orchestratorErrorFallsBackToTheServiceRegistry() {
        eventHandlerAt(orchestrated, 9455);
        eventHandlerAt(registered, 9456);
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));
        orchestrator.failWith(500);
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));

        final EventHandlerLocation location = secureLocator().orchestrator(orchestrator.baseUri())
                .serviceRegistry(registry.baseUri()).build().locate();

        assertEquals(LocationSource.SERVICE_REGISTRY, location.source());
        assertEquals(1, orchestrator.requests().size());
    }

    @Test
    void emptyOrchestrationFallsBackToTheServiceRegistry() {
        eventHandlerAt(registered, 9456);
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));

        final EventHandlerLocation location = secureLocator().orchestrator(orchestrator.baseUri())
                .serviceRegistry(registry.baseUri()).build().locate();

        assertEquals(LocationSource.SERVICE_REGISTRY, location.source());
        assertEquals(URI.create("https://127.0.0.1:9456"), location.baseUri());
        assertEquals(1, orchestrator.requests().size(), "without event-publish the other services are not asked for");
    }

    @Test
    void bothDownFallsBackToTheConfiguredUri() {
        final EventHandlerLocation location = secureLocator().orchestrator(closedPort())
                .serviceRegistry(URI.create("https://127.0.0.1:2")).fallback(URI.create("https://127.0.0.1:8455/"))
                .build().locate();

        assertEquals(LocationSource.CONFIGURED, location.source());
        assertEquals(FALLBACK, location.askedAt());
        assertEquals(EventHandlerEndpoints.of(FALLBACK), location.endpoints());
    }

    @Test
    void bothEmptyWithoutFallbackIsNotFoundNamingEachAttempt() {
        final var orchestrator = orchestrator(CLOUD.sslContext("orchestrator"));
        final var registry = serviceRegistry(CLOUD.sslContext("serviceregistry"));
        final EventHandlerLocator locator = secureLocator().orchestrator(orchestrator.baseUri())
                .serviceRegistry(registry.baseUri()).build();

        final EventHandlerNotFoundException e = assertThrows(EventHandlerNotFoundException.class, locator::locate);

        assertEquals(2, e.attempts().size(), e.getMessage());
        assertTrue(e.attempts().get(0).startsWith("Orchestrator"), e.attempts().get(0));
        assertTrue(e.attempts().get(1).startsWith("Service Registry"), e.attempts().get(1));
        assertTrue(e.getMessage().contains("no provider of event-publish"), e.getMessage());
    }

    @Test
    void nothingConfiguredIsNotFound() {
        assertThrows(EventHandlerNotFoundException.class, () -> EventHandlerLocator.builder().build().locate());
        assertThrows(IllegalStateException.class, () -> EventHandlerLocator.builder()
                .orchestrator(FALLBACK).build(), "the Orchestrator needs a requester");
    }

    @Test
    void aCoreSystemOfAnotherCloudIsNotTrusted() {
        eventHandlerAt(orchestrated, 9455);
        final var impostor = orchestrator(CLOUD.otherCloudTls("orchestrator").sslContext());

        final EventHandlerLocation location = secureLocator().orchestrator(impostor.baseUri()).fallback(FALLBACK)
                .build().locate();

        assertEquals(LocationSource.CONFIGURED, location.source());
        assertEquals(List.of(), impostor.requests(), "no request was sent to a server the truststore does not accept");
    }

    @Test
    void theCoreSystemsHostNameIsCheckedUnlessDisabled() {
        eventHandlerAt(orchestrated, 9455);
        final ClientTls elsewhere = CLOUD.tls(CLOUD.keyStore("orchestrator",
                SubjectAltNames.parse("dns:elsewhere.example")));
        final var orchestrator = orchestrator(elsewhere.sslContext());

        final EventHandlerLocation checked = secureLocator().orchestrator(orchestrator.baseUri()).fallback(FALLBACK)
                .build().locate();
        final EventHandlerLocation unchecked = EventHandlerLocator.builder().requester(REQUESTER)
                .tls(TLS.withoutHostnameVerification()).orchestrator(orchestrator.baseUri()).build().locate();

        assertEquals(LocationSource.CONFIGURED, checked.source(), "127.0.0.1 is not in the certificate");
        assertEquals(LocationSource.ORCHESTRATOR, unchecked.source());
        assertEquals(URI.create("https://127.0.0.1:9455"), unchecked.baseUri());
    }

    @Test
    void plainModeAsksOverHttpAndGivesHttpUris() {
        eventHandlerAt(registered, 9456);
        final var registry = serviceRegistry(null);

        final EventHandlerLocation location = EventHandlerLocator.builder().serviceRegistry(registry.baseUri())
                .build().locate();

        assertEquals(EventHandlerEndpoints.of(URI.create("http://127.0.0.1:9456")), location.endpoints());
        assertEquals(List.of(), registry.malformed());
    }
}
