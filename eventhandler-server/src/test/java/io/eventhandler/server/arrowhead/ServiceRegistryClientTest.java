package io.eventhandler.server.arrowhead;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import io.eventhandler.api.core.ServiceRegistryRequestDTO;
import io.eventhandler.api.core.ServiceRegistryResponseDTO;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeCoreSystem.Recorded;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.eventhandler.server.arrowhead.CoreSystemClientTest.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Service Registry client against the registry double over mutual TLS, as {@code eventhandler}. */
class ServiceRegistryClientTest {

    private static final long WAIT_SECONDS = 10;

    private FakeServiceRegistry registry;
    private CoreSystemClient client;
    private ServiceRegistryClient serviceRegistry;

    @BeforeEach
    void start() {
        registry = FakeServiceRegistry.secure();
        registry.start();
        client = CoreClients.as("eventhandler");
        serviceRegistry = new ServiceRegistryClient(client, FakeServiceRegistry.ADDRESS, registry.port());
    }

    @AfterEach
    void stop() {
        client.close();
        registry.close();
    }

    @Test
    void echo() throws Exception {
        assertEquals(URI.create("https://127.0.0.1:" + registry.port() + "/serviceregistry"), serviceRegistry.baseUri());
        assertEquals("Got it!", serviceRegistry.echo().get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void registerAnswersTheStoredEntryAndQueryFindsIt() throws Exception {
        final ServiceRegistryResponseDTO stored = serviceRegistry.register(publishService("/eventhandler/publish"))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals("event-publish", stored.serviceDefinition().serviceDefinition());
        assertEquals("eventhandler", stored.provider().systemName());
        assertEquals(8455, stored.provider().port());
        assertEquals("CERTIFICATE", stored.secure());
        assertEquals("HTTP-SECURE-JSON", stored.interfaces().get(0).interfaceName());

        final ServiceQueryResultDTO found = serviceRegistry.query(ServiceQueryFormDTO.of("event-publish"))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(1, found.unfilteredHits());
        assertEquals(stored.id(), found.serviceQueryData().get(0).id());
    }

    @Test
    void registeringTheSameServiceTwiceIsRefusedAsExisting() throws Exception {
        serviceRegistry.register(publishService("/eventhandler/publish")).get(WAIT_SECONDS, TimeUnit.SECONDS);

        final CoreSystemException error = failure(serviceRegistry.register(publishService("/eventhandler/publish")),
                CoreSystemException.class);

        assertEquals(400, error.status());
        assertTrue(error.is(ExceptionType.INVALID_PARAMETER));
        assertEquals("Service Registry entry with provider: (eventhandler, 127.0.0.1:8455), service definition: "
                + "event-publish and service URI: /eventhandler/publish already exists.",
                error.error().orElseThrow().errorMessage());
    }

    @Test
    void unregisterEncodesEveryParameter() throws Exception {
        final String oddUri = "/event handler/publish&x=1?y";
        serviceRegistry.register(publishService(oddUri)).get(WAIT_SECONDS, TimeUnit.SECONDS);

        serviceRegistry.unregister("event-publish", "eventhandler", "127.0.0.1", 8455, oddUri)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertTrue(registry.registrations().isEmpty());
        final Recorded delete = registry.requests("DELETE", FakeServiceRegistry.UNREGISTER).get(0);
        assertEquals("service_definition=event-publish&system_name=eventhandler&address=127.0.0.1&port=8455"
                + "&service_uri=%2Fevent+handler%2Fpublish%26x%3D1%3Fy", delete.query());
    }

    @Test
    void unregisteringWhatIsNotRegisteredIsAnInvalidParameter() {
        final CoreSystemException error = failure(
                serviceRegistry.unregister("event-publish", "eventhandler", "127.0.0.1", 8455, "/eventhandler/publish"),
                CoreSystemException.class);

        assertEquals(400, error.status());
        assertTrue(error.is(ExceptionType.INVALID_PARAMETER));
        assertEquals("No service exists with definition event-publish", error.error().orElseThrow().errorMessage());
    }

    @Test
    void findUriTakesTheFirstProvider() throws Exception {
        seedAuthorizationAt("127.0.0.1");
        seedAuthorizationAt("10.0.0.2");

        assertEquals(URI.create("https://127.0.0.1:8445/authorization/subscription/check"),
                serviceRegistry.findUri("authorization-control-subscription").get(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void findUriFailsWhenNothingProvidesTheService() {
        final ServiceNotFoundException error = failure(serviceRegistry.findUri("authorization-control-subscription"),
                ServiceNotFoundException.class);

        assertEquals("authorization-control-subscription", error.serviceDefinition());
    }

    @Test
    void theRegistryRefusesAProviderNameOtherThanTheCertificates() {
        final ServiceRegistryRequestDTO request = new ServiceRegistryRequestDTO("event-publish",
                SystemRequestDTO.of("impostor", "127.0.0.1", 8455), "/eventhandler/publish", null, "NOT_SECURE", null,
                null, List.of("HTTP-SECURE-JSON"));

        final CoreSystemException error = failure(serviceRegistry.register(request), CoreSystemException.class);

        assertEquals(401, error.status());
        assertTrue(error.is(ExceptionType.AUTH));
        assertTrue(error.error().orElseThrow().errorMessage().startsWith("Provider system name(impostor) and "
                + "certificate common name (eventhandler."), error.getMessage());
    }

    @Test
    void anApplicationSystemMayNotRegisterACoreServiceDefinition() {
        try (CoreSystemClient publisher = CoreClients.as("publisher")) {
            final ServiceRegistryClient asPublisher = new ServiceRegistryClient(publisher, FakeServiceRegistry.ADDRESS,
                    registry.port());
            final ServiceRegistryRequestDTO request = new ServiceRegistryRequestDTO("event-publish",
                    SystemRequestDTO.of("publisher", "127.0.0.1", 9000), "/publish", null, "NOT_SECURE", null, null,
                    List.of("HTTP-SECURE-JSON"));

            final CoreSystemException error = failure(asPublisher.register(request), CoreSystemException.class);

            assertEquals(401, error.status());
            assertEquals("ServiceDefinition is not authorized to use. 'event-publish' is a reserved arrowhead core "
                    + "service definition.", error.error().orElseThrow().errorMessage());
        }
    }

    @Test
    void anIpv6ProviderAddressIsBracketed() {
        assertEquals("https://[::1]:8443", ServiceRegistryClient.origin("https", "::1", 8443));
        assertEquals("http://sr.local:8443", ServiceRegistryClient.origin("http", "sr.local", 8443));
    }

    private static ServiceRegistryRequestDTO publishService(final String uri) {
        return new ServiceRegistryRequestDTO("event-publish",
                new SystemRequestDTO("eventhandler", "127.0.0.1", 8455, "a2V5", null), uri, null, "CERTIFICATE", null,
                null, List.of("HTTP-SECURE-JSON"));
    }

    /** Stored directly, as the Authorization would register it (official DTOs). */
    private void seedAuthorizationAt(final String address) {
        registry.seed(new eu.arrowhead.common.dto.shared.ServiceRegistryRequestDTO("authorization-control-subscription",
                new eu.arrowhead.common.dto.shared.SystemRequestDTO("authorization", address, 8445, "key", null),
                "/authorization/subscription/check", null, "CERTIFICATE", List.of("HTTP-SECURE-JSON")));
    }
}
