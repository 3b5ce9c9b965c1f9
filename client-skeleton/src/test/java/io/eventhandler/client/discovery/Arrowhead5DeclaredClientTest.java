package io.eventhandler.client.discovery;

import static io.eventhandler.client.testing.LocalCloud5.DASHBOARD;
import static io.eventhandler.client.testing.LocalCloud5.SENSOR;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.testing.LocalCloud5;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventHandlerException;
import io.eventhandler.server.testing.arrowhead5.FakeOrchestration5.Pull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client skeleton in an Arrowhead 5 {@code declared} cloud: it finds the Event Handler by orchestration pull
 * (the DynamicServiceOrchestration double), naming itself with {@code Bearer SYSTEM//<Name>} there and at the Event
 * Handler, and publishes, subscribes (SSE and webhook) and unsubscribes through the operations the Event Handler
 * registered.
 */
class Arrowhead5DeclaredClientTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dataDir;

    private LocalCloud5 cloud;

    @BeforeEach
    void start() {
        cloud = new LocalCloud5(LocalCloud5.Mode.DECLARED, dataDir);
    }

    @AfterEach
    void stop() {
        cloud.close();
    }

    private EventHandlerLocator locator(final CallerIdentity identity) {
        return EventHandlerLocator.builder().identity(identity).serviceOrchestration(cloud.orchestrator()).build();
    }

    @Test
    void aPullNamesEachOperationWhereTheEventHandlerRegisteredIt() {
        cloud.orchestrateEventHandlerTo(DASHBOARD, DASHBOARD);

        final EventHandlerLocation found = locator(CallerIdentity.declared(DASHBOARD)).locate();

        assertEquals(LocationSource.SERVICE_ORCHESTRATION, found.source());
        final String base = "http://127.0.0.1:" + cloud.server.port() + "/eventhandler";
        assertEquals(base + "/publish", found.endpoints().publish().toString());
        assertEquals(base + "/subscribe", found.endpoints().subscribe().toString());
        assertEquals(base + "/unsubscribe", found.endpoints().unsubscribe().toString());
        assertEquals(base + "/subscription", found.endpoints().subscription().toString());
        final List<Pull> pulls = cloud.orchestration.pulls();
        assertTrue(pulls.stream().allMatch(p -> p.requester().equals(DASHBOARD)), pulls::toString);
        assertEquals(List.of("eventPublish/publish", "eventSubscribe/subscribe", "eventSubscribe/unsubscribe",
                        "eventSubscribe/stream"),
                pulls.stream().map(p -> p.request().serviceRequirement().serviceDefinition() + "/"
                        + String.join(",", p.request().serviceRequirement().operations())).toList());
        assertEquals(List.of("generic_http"), pulls.get(0).request().serviceRequirement().interfaceTemplateNames());
    }

    @Test
    void withoutAServiceDefRuleTheOrchestratorNamesNoEventHandler() {
        cloud.authorization.grantService(LocalCloud5.EVENT_HANDLER, "eventPublish", SENSOR);

        final EventHandlerNotFoundException notFound = assertThrows(EventHandlerNotFoundException.class,
                () -> locator(CallerIdentity.declared(DASHBOARD)).locate());

        assertTrue(notFound.getMessage().contains(
                "no provider of eventPublish/publish nor of eventSubscribe/subscribe"),
                notFound::getMessage);
        assertEquals("/eventhandler/publish",
                locator(CallerIdentity.declared(SENSOR)).locate().endpoints().publish().getPath());
    }

    @Test
    void aSystemGrantedOnlyTheSubscribeSideIsLocatedByIt() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);

        final EventHandlerLocation found = locator(CallerIdentity.declared(DASHBOARD)).locate();

        assertEquals("http://127.0.0.1:" + cloud.server.port() + "/eventhandler/subscription",
                found.endpoints().subscription().toString());
        assertEquals(List.of("eventPublish", "eventSubscribe"), cloud.orchestration.pulls().stream().limit(2)
                .map(p -> p.request().serviceRequirement().serviceDefinition()).toList());
    }

    @Test
    void theServiceRegistryLookupFindsItWithoutServiceDefRules() {
        final EventHandlerLocation found = EventHandlerLocator.builder().identity(CallerIdentity.declared(DASHBOARD))
                .serviceOrchestration(cloud.orchestrator()).serviceRegistry5(cloud.registryUri()).build().locate();

        // no SERVICE_DEF rule: the orchestrator named nobody, the registry's lookup found the unrestricted instances
        assertEquals(LocationSource.SERVICE_REGISTRY, found.source());
        assertEquals("http://127.0.0.1:" + cloud.server.port() + "/eventhandler/subscription",
                found.endpoints().subscription().toString());
        assertEquals("http://127.0.0.1:" + cloud.server.port() + "/eventhandler/publish",
                found.endpoints().publish().toString());
        assertTrue(cloud.registry.requests().stream().anyMatch(r -> r.path().endsWith("/service-discovery/lookup")
                && "Bearer SYSTEM//AlarmDashboard".equals(r.caller())), () -> cloud.registry.requests().toString());
    }

    @Test
    void aRequesterWithoutIdentityGetsTheOrchestratorsText() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);

        final EventHandlerNotFoundException notFound = assertThrows(EventHandlerNotFoundException.class,
                () -> locator(CallerIdentity.none()).locate());

        assertTrue(notFound.getMessage().contains("HTTP 401 AUTH: No authorization header has been provided"),
                notFound::getMessage);
        assertEquals(List.of(), cloud.orchestration.pulls());
    }

    @Test
    void theOrchestratorsRefusalOfAFlagIsShown() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);

        final EventHandlerNotFoundException notFound = assertThrows(EventHandlerNotFoundException.class,
                () -> EventHandlerLocator.builder().identity(CallerIdentity.declared(SENSOR))
                        .serviceOrchestration(cloud.orchestrator()).serviceOrchestrationFlags(Map.of("overrideStore",
                                true)).build().locate());

        // a 4.6 flag: the 5.2.0 orchestrator names it upper-cased
        assertTrue(notFound.getMessage().contains("HTTP 400 INVALID_PARAMETER: Invalid orchestration flag:"
                + " OVERRIDESTORE"), notFound::getMessage);
    }

    @Test
    void theDeclaredNameIsWhatTheEventHandlerChecks() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);
        final EventHandlerLocation found = locator(CallerIdentity.declared(SENSOR)).locate();
        final EventPublishRequestDTO event = new EventPublishRequestDTO("temperatureAlarm",
                SystemRequestDTO.of(SENSOR, "127.0.0.1", 9001), Map.of(), "overheat", null);

        try (EventHandlerClient intruder = EventHandlerClient.builder(found.endpoints())
                .identity(CallerIdentity.declared("Intruder")).build();
             EventHandlerClient sensor = EventHandlerClient.builder(found.endpoints())
                     .identity(CallerIdentity.declared(SENSOR)).build()) {
            final EventHandlerException refused = assertThrows(EventHandlerException.class,
                    () -> intruder.publish(event));
            assertEquals(401, refused.statusCode());
            assertEquals(ExceptionType.AUTH, refused.exceptionType());
            assertEquals("Requester system name (TemperatureSensor) and the declared system name (Intruder) do not"
                    + " match", refused.error().errorMessage());
            sensor.publish(event);
        }
    }

    @Test
    void publishesReachSseAndWebhookSubscribersUntilUnsubscribed() {
        cloud.orchestrateEventHandlerTo(SENSOR, DASHBOARD);
        cloud.authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);

        Arrowhead5Exchange.run(cloud, CallerIdentity.declared(SENSOR), CallerIdentity.declared(DASHBOARD), null,
                null, WAIT);
    }
}
