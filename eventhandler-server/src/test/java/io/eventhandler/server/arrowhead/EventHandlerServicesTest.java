package io.eventhandler.server.arrowhead;

import eu.arrowhead.common.CommonConstants;
import io.eventhandler.api.core.ServiceRegistryRequestDTO;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.Test;

import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registration plan: Arrowhead's four Event Handler services exactly, plus the SSE stream. */
class EventHandlerServicesTest {

    @Test
    void theFourArrowheadServicesHaveArrowheadsDefinitionsAndUris() {
        final EventHandlerServices services = EventHandlerServices.insecure("127.0.0.1", 8455);

        assertEquals(Map.of(
                        CommonConstants.CORE_SERVICE_EVENTHANDLER_PUBLISH,
                        CommonConstants.EVENTHANDLER_URI + CommonConstants.OP_EVENTHANDLER_PUBLISH,
                        CommonConstants.CORE_SERVICE_EVENTHANDLER_SUBSCRIBE,
                        CommonConstants.EVENTHANDLER_URI + CommonConstants.OP_EVENTHANDLER_SUBSCRIBE,
                        CommonConstants.CORE_SERVICE_EVENTHANDLER_UNSUBSCRIBE,
                        CommonConstants.EVENTHANDLER_URI + CommonConstants.OP_EVENTHANDLER_UNSUBSCRIBE,
                        CommonConstants.CORE_SERVICE_EVENTHANDLER_PUBLISH_AUTH_UPDATE,
                        CommonConstants.EVENTHANDLER_URI + CommonConstants.OP_EVENTHANDLER_PUBLISH_AUTH_UPDATE,
                        EventHandlerServices.SUBSCRIBE_SSE, "/eventhandler/subscription",
                        EventHandlerServices.PUBLISH_BATCH, "/eventhandler/publish/batch"),
                uris(services));
        assertEquals(List.of("event-publish", "event-subscribe", "event-unsubscribe", "event-publish-auth-update",
                "event-subscribe-sse", "event-publish-batch"), services.serviceDefinitions());
    }

    @Test
    void secureModeRegistersTheCertificateIdentity() {
        final X509Certificate certificate = CoreClients.certificate("eventhandler");

        final EventHandlerServices services = EventHandlerServices.secure(certificate, "eh.local", 8455);

        assertTrue(services.secure());
        assertEquals("eventhandler", services.provider().systemName());
        assertEquals("eh.local", services.provider().address());
        assertEquals(8455, services.provider().port());
        assertEquals(Base64.getEncoder().encodeToString(certificate.getPublicKey().getEncoded()),
                services.provider().authenticationInfo());
        for (final ServiceRegistryRequestDTO registration : services.registrations()) {
            assertEquals("CERTIFICATE", registration.secure());
            assertEquals(List.of("HTTP-SECURE-JSON"), registration.interfaces());
            assertEquals(services.provider(), registration.providerSystem());
        }
    }

    @Test
    void plainModeRegistersNotSecureWithoutAuthenticationInfo() {
        final EventHandlerServices services = EventHandlerServices.insecure("eh.local", 8455);

        assertFalse(services.secure());
        assertEquals("eventhandler", services.provider().systemName());
        assertNull(services.provider().authenticationInfo());
        for (final ServiceRegistryRequestDTO registration : services.registrations()) {
            assertEquals("NOT_SECURE", registration.secure());
            assertEquals(List.of("HTTP-INSECURE-JSON"), registration.interfaces());
        }
    }

    @Test
    void onlyTheSseStreamCarriesMetadata() {
        for (final ServiceRegistryRequestDTO registration : EventHandlerServices.insecure("eh", 1).registrations()) {
            if (registration.serviceDefinition().equals(EventHandlerServices.SUBSCRIBE_SSE)) {
                assertEquals(Map.of("stream", "text/event-stream"), registration.metadata());
            } else {
                assertNull(registration.metadata());
            }
        }
    }

    @Test
    void everyNameAndInterfacePassesTheRegistrysStrictVerifiers() {
        for (final boolean secure : new boolean[] {true, false}) {
            final EventHandlerServices services = secure
                    ? EventHandlerServices.secure(CoreClients.certificate("eventhandler"), "eh", 1)
                    : EventHandlerServices.insecure("eh", 1);
            for (final ServiceRegistryRequestDTO registration : services.registrations()) {
                assertTrue(FakeServiceRegistry.isName(registration.serviceDefinition()),
                        registration.serviceDefinition());
                registration.interfaces().forEach(name ->
                        assertTrue(FakeServiceRegistry.isInterfaceName(name), name));
            }
        }
        // why the SSE interface is not HTTP-SECURE-SSE: strict mode knows the formats JSON and XML only
        assertFalse(FakeServiceRegistry.isInterfaceName("HTTP-SECURE-SSE"));
        // and its definition is no reserved core one, which only core systems may register
        assertFalse(FakeServiceRegistry.RESERVED_DEFINITIONS.contains(EventHandlerServices.SUBSCRIBE_SSE));
        assertFalse(FakeServiceRegistry.RESERVED_DEFINITIONS.contains(EventHandlerServices.PUBLISH_BATCH));
    }

    @Test
    void aCertificateThatIsNoArrowheadSystemIsRefused() {
        // the cloud CA certificate: four labels, not <system>.<cloud>.<operator>.arrowhead.eu
        final X509Certificate cloud = TestCloud.get().authority().certificate();

        assertThrows(IllegalArgumentException.class, () -> EventHandlerServices.secure(cloud, "eh", 1));
    }

    private static Map<String, String> uris(final EventHandlerServices services) {
        return services.registrations().stream().collect(java.util.stream.Collectors.toMap(
                ServiceRegistryRequestDTO::serviceDefinition, ServiceRegistryRequestDTO::serviceUri));
    }
}
