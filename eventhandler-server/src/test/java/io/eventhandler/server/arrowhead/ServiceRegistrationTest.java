package io.eventhandler.server.arrowhead;

import eu.arrowhead.common.dto.shared.ServiceRegistryRequestDTO;
import eu.arrowhead.common.dto.shared.ServiceRegistryResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceSecurityType;
import eu.arrowhead.common.dto.shared.SystemRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.arrowhead.ServiceRegistration.State;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeCoreSystem.Recorded;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registration lifecycle against the registry double: purge, register, wait, restore, unregister. */
class ServiceRegistrationTest {

    private static final Duration RETRY_INITIAL = Duration.ofMillis(50);
    private static final Duration RETRY_MAX = Duration.ofMillis(400);
    private static final Duration CHECK_INTERVAL = Duration.ofMillis(300);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);
    private static final RegistrationSchedule SCHEDULE =
            new RegistrationSchedule(RETRY_INITIAL, RETRY_MAX, CHECK_INTERVAL, CLOSE_TIMEOUT);
    private static final int EH_PORT = 8455;
    /** Arrowhead's four Event Handler services, the SSE stream and the batch publish. */
    private static final int SERVICE_COUNT = EventHandlerServices.insecure("eh", 1).serviceDefinitions().size();
    private static final long WAIT_SECONDS = 10;

    private FakeServiceRegistry registry;
    private CoreSystemClient client;
    private ServiceRegistration registration;

    @AfterEach
    void stop() {
        if (registration != null) {
            registration.close();
        }
        if (client != null) {
            client.close();
        }
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void registersEveryServiceAsTheEventHandlerCertificate() throws Exception {
        startSecure();

        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(State.REGISTERED, registration.state());
        assertTrue(registration.isRegistered());
        final String publicKey = Base64.getEncoder().encodeToString(
                CoreClients.certificate("eventhandler").getPublicKey().getEncoded());
        final List<ServiceRegistryResponseDTO> ours = registry.registrationsOf("eventhandler");
        assertEquals(Map.of(
                "event-publish", "/eventhandler/publish",
                "event-subscribe", "/eventhandler/subscribe",
                "event-unsubscribe", "/eventhandler/unsubscribe",
                "event-publish-auth-update", "/eventhandler/publish/authupdate",
                "event-subscribe-sse", "/eventhandler/subscription",
                "event-publish-batch", "/eventhandler/publish/batch"), uris(ours));
        for (final ServiceRegistryResponseDTO entry : ours) {
            assertEquals("127.0.0.1", entry.getProvider().getAddress());
            assertEquals(EH_PORT, entry.getProvider().getPort());
            assertEquals(publicKey, entry.getProvider().getAuthenticationInfo());
            assertEquals(ServiceSecurityType.CERTIFICATE, entry.getSecure());
            assertEquals(List.of("HTTP-SECURE-JSON"),
                    entry.getInterfaces().stream().map(i -> i.getInterfaceName()).toList());
            assertEquals(entry.getServiceDefinition().getServiceDefinition().equals("event-subscribe-sse")
                    ? Map.of("stream", "text/event-stream") : null, entry.getMetadata());
        }
    }

    @Test
    void unregistersStaleEventHandlerRegistrationsFirst() throws Exception {
        registry = FakeServiceRegistry.secure();
        registry.start();
        for (final ServiceRegistryRequestDTO stale : services().registrations().stream()
                .map(r -> official(r, "eventhandler", "10.1.2.3", 9999)).toList()) {
            registry.seed(stale);
        }
        // another provider of a definition we register: unregistering it under our name is refused, harmlessly
        registry.seed(official(services().registrations().get(0), "legacyhandler", "10.9.9.9", 1234));

        startSecure();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertTrue(registry.registrationsOf("eventhandler").stream()
                .allMatch(e -> e.getProvider().getAddress().equals("127.0.0.1") && e.getProvider().getPort() == EH_PORT));
        assertEquals(SERVICE_COUNT, registry.registrationsOf("eventhandler").size());
        assertEquals(1, registry.registrationsOf("legacyhandler").size());
        final List<String> purges = registry.requests("DELETE", FakeServiceRegistry.UNREGISTER).stream()
                .map(Recorded::query).toList();
        assertTrue(purges.contains("service_definition=event-publish&system_name=eventhandler&address=10.1.2.3"
                + "&port=9999&service_uri=%2Feventhandler%2Fpublish"), purges.toString());
        assertTrue(purges.contains("service_definition=event-publish&system_name=eventhandler&address=10.9.9.9"
                + "&port=1234&service_uri=%2Feventhandler%2Fpublish"), purges.toString());
    }

    @Test
    void waitsForARegistryThatIsNotListeningYet() throws Exception {
        registry = FakeServiceRegistry.secure(); // port chosen, not listening
        client = CoreClients.as("eventhandler");
        registration = new ServiceRegistration(serviceRegistryClient(), services(), SCHEDULE, new Runner());

        registration.start();
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registration.state() == State.WAITING_FOR_REGISTRY);
        registry.start();

        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(SERVICE_COUNT, registry.registrationsOf("eventhandler").size());
    }

    @Test
    void backsOffExponentiallyWhileTheRegistryFails() throws Exception {
        registry = FakeServiceRegistry.secure();
        registry.unavailable(503);
        registry.start();
        client = CoreClients.as("eventhandler");
        registration = new ServiceRegistration(serviceRegistryClient(), services(), SCHEDULE, new Runner());

        registration.start();
        await().atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registry.requests("GET", FakeServiceRegistry.ECHO).size() >= 7);

        final List<Recorded> echoes = registry.requests("GET", FakeServiceRegistry.ECHO);
        long expected = RETRY_INITIAL.toMillis();
        for (int i = 1; i < 7; i++) {
            final long gapMillis = TimeUnit.NANOSECONDS.toMillis(
                    echoes.get(i).arrivalNanos() - echoes.get(i - 1).arrivalNanos());
            // a timer never fires early; a few ms for the echo's own round trip
            assertTrue(gapMillis >= expected - 5, "gap " + i + " was " + gapMillis + " ms, expected " + expected);
            expected = Math.min(expected * 2, RETRY_MAX.toMillis());
        }
        assertEquals(State.WAITING_FOR_REGISTRY, registration.state());
        assertTrue(registry.registrations().isEmpty());

        registry.available();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(SERVICE_COUNT, registry.registrationsOf("eventhandler").size());
    }

    @Test
    void registersAgainWhatARestartedRegistryLost() throws Exception {
        startSecure();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        registry.restart();
        assertTrue(registry.registrations().isEmpty());

        await().atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registry.registrationsOf("eventhandler").size() == SERVICE_COUNT);
        await().atMost(Duration.ofSeconds(WAIT_SECONDS)).until(registration::isRegistered);
        assertEquals(services().serviceDefinitions().stream().sorted().toList(),
                registry.registrationsOf("eventhandler").stream()
                        .map(e -> e.getServiceDefinition().getServiceDefinition()).sorted().toList());
    }

    @Test
    void thePeriodicCheckLeavesPresentRegistrationsAlone() throws Exception {
        startSecure();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);
        final int registersBefore = registry.requests("POST", FakeServiceRegistry.REGISTER).size();
        final int queriesBefore = registry.requests("POST", FakeServiceRegistry.QUERY).size();

        // at least one more full check: one more query per service
        await().atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registry.requests("POST", FakeServiceRegistry.QUERY).size() >= queriesBefore + SERVICE_COUNT);

        assertEquals(registersBefore, registry.requests("POST", FakeServiceRegistry.REGISTER).size());
        assertTrue(registration.isRegistered());
    }

    @Test
    void unregistersEveryServiceOnClose() throws Exception {
        startSecure();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);
        registry.clearRequests();

        registration.close();

        assertEquals(State.CLOSED, registration.state());
        assertTrue(registry.registrationsOf("eventhandler").isEmpty());
        final List<Recorded> deletes = registry.requests("DELETE", FakeServiceRegistry.UNREGISTER);
        assertEquals(SERVICE_COUNT, deletes.size());
        assertTrue(deletes.stream().allMatch(d -> d.query().contains("system_name=eventhandler&address=127.0.0.1"
                + "&port=" + EH_PORT + "&service_uri=%2Feventhandler%2F")), deletes.toString());
    }

    @Test
    void closeUnregistersOnlyAfterARegistrationInFlight() throws Exception {
        registry = FakeServiceRegistry.secure();
        registry.start();
        registry.hold("POST", FakeServiceRegistry.REGISTER);
        startSecure();
        await().atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registry.requests("POST", FakeServiceRegistry.REGISTER).size() == 1);

        final CompletableFuture<Void> closing = CompletableFuture.runAsync(registration::close);
        // an unregister now would reach the registry before the held registration and leave it behind
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(WAIT_SECONDS))
                .until(() -> registry.requests("DELETE", FakeServiceRegistry.UNREGISTER).isEmpty());
        registry.release();
        closing.get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(1, registry.requests("POST", FakeServiceRegistry.REGISTER).size());
        assertTrue(registry.registrationsOf("eventhandler").isEmpty());
    }

    @Test
    void closeReturnsAndGivesUpTheRegistrationWhenTheRegistryIsDown() throws Exception {
        registry = FakeServiceRegistry.secure(); // never listens
        client = CoreClients.as("eventhandler");
        registration = new ServiceRegistration(serviceRegistryClient(), services(), SCHEDULE, new Runner());
        registration.start();

        // returns at all (a registry that never answers cannot hold it), and gives up the registration
        CompletableFuture.runAsync(registration::close).get(WAIT_SECONDS, TimeUnit.SECONDS);

        CoreSystemClientTest.failure(registration.registered(), CancellationException.class);
    }

    @Test
    void aRefusedRegistrationFailsTheRegisteredFuture() {
        registry = FakeServiceRegistry.secure();
        registry.start();
        client = CoreClients.as("publisher"); // not the certificate of the registered provider "eventhandler"
        registration = new ServiceRegistration(serviceRegistryClient(), services(), SCHEDULE, new Runner());

        registration.start();

        final CoreSystemException refusal = CoreSystemClientTest.failure(registration.registered(),
                CoreSystemException.class);
        assertEquals(401, refusal.status());
        assertTrue(refusal.is(ExceptionType.AUTH));
        assertEquals(State.REFUSED, registration.state());
        assertTrue(registry.registrations().isEmpty());
    }

    @Test
    void plainHttpRegistersNotSecure() throws Exception {
        registry = FakeServiceRegistry.plain();
        registry.start();
        client = CoreClients.plain();
        registration = new ServiceRegistration(serviceRegistryClient(),
                EventHandlerServices.insecure("127.0.0.1", EH_PORT), SCHEDULE, new Runner());

        registration.start();
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        final List<ServiceRegistryResponseDTO> ours = registry.registrationsOf("eventhandler");
        assertEquals(SERVICE_COUNT, ours.size());
        for (final ServiceRegistryResponseDTO entry : ours) {
            assertEquals(ServiceSecurityType.NOT_SECURE, entry.getSecure());
            assertEquals("HTTP-INSECURE-JSON", entry.getInterfaces().get(0).getInterfaceName());
            assertNull(entry.getProvider().getAuthenticationInfo());
        }
    }

    private void startSecure() {
        if (registry == null) {
            registry = FakeServiceRegistry.secure();
            registry.start();
        }
        client = CoreClients.as("eventhandler");
        registration = new ServiceRegistration(serviceRegistryClient(), services(), SCHEDULE, new Runner());
        registration.start();
    }

    private ServiceRegistryClient serviceRegistryClient() {
        return new ServiceRegistryClient(client, FakeServiceRegistry.ADDRESS, registry.port());
    }

    private static EventHandlerServices services() {
        return EventHandlerServices.secure(CoreClients.certificate("eventhandler"), "127.0.0.1", EH_PORT);
    }

    /** Our registration as the official DTO, for another provider. */
    private static ServiceRegistryRequestDTO official(final io.eventhandler.api.core.ServiceRegistryRequestDTO ours,
                                                      final String system, final String address, final int port) {
        final ServiceRegistryRequestDTO request = new ServiceRegistryRequestDTO(ours.serviceDefinition(),
                new SystemRequestDTO(system, address, port, "a2V5", null), ours.serviceUri(), null, ours.secure(),
                ours.interfaces());
        request.setMetadata(ours.metadata());
        return request;
    }

    private static Map<String, String> uris(final List<ServiceRegistryResponseDTO> entries) {
        return entries.stream().collect(Collectors.toMap(e -> e.getServiceDefinition().getServiceDefinition(),
                ServiceRegistryResponseDTO::getServiceUri));
    }
}
