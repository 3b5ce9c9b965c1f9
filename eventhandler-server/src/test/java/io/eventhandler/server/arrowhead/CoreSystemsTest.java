package io.eventhandler.server.arrowhead;

import eu.arrowhead.common.dto.shared.ServiceRegistryResponseDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeAuthorization;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The factory as the server wires it: from the configuration records, with the real stores. */
class CoreSystemsTest {

    /** Arrowhead's four Event Handler services, the SSE stream and the batch publish. */
    private static final int SERVICE_COUNT = EventHandlerServices.insecure("eh", 1).serviceDefinitions().size();

    private static final long WAIT_SECONDS = 10;

    private FakeServiceRegistry registry;
    private FakeAuthorization authorization;
    private CoreSystems coreSystems;

    @AfterEach
    void stop() {
        if (coreSystems != null) {
            coreSystems.close();
        }
        if (authorization != null) {
            authorization.close();
        }
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void registersWithTheListeningPortAndChecksSubscriptions() throws Exception {
        startCore();
        coreSystems = CoreSystems.create(arrowhead(0), tls("", true), TestCloud.get().sslContext("eventhandler"),
                JsonMapper.create(), new Runner());

        final ServiceRegistration registration = coreSystems.startRegistration(40123);
        registration.registered().get(WAIT_SECONDS, TimeUnit.SECONDS);
        final long subscriber = authorization.addSystem("subscriber", "sub.local", 9001);

        assertEquals(SERVICE_COUNT, registry.registrationsOf("eventhandler").size());
        for (final ServiceRegistryResponseDTO entry : registry.registrationsOf("eventhandler")) {
            assertEquals(40123, entry.getProvider().getPort());
            assertEquals("127.0.0.1", entry.getProvider().getAddress());
        }
        assertEquals(subscriber, coreSystems.authorization()
                .checkSubscription(SystemRequestDTO.of("subscriber", "sub.local", 9001))
                .get(WAIT_SECONDS, TimeUnit.SECONDS).consumerId());
        assertTrue(coreSystems.registration().orElseThrow().isRegistered());

        coreSystems.close();
        assertTrue(registry.registrationsOf("eventhandler").isEmpty());
    }

    @Test
    void aConfiguredDomainPortWinsOverTheListeningPort() throws Exception {
        startCore();
        coreSystems = CoreSystems.create(arrowhead(8455), tls("eventhandler", true),
                TestCloud.get().sslContext("eventhandler"), JsonMapper.create(), new Runner());

        coreSystems.startRegistration(40123).registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertTrue(registry.registrationsOf("eventhandler").stream().allMatch(e -> e.getProvider().getPort() == 8455));
    }

    @Test
    void theOwnCertificateIsTheKeyEntryOfTheKeyStore() {
        assertEquals(CoreClients.certificate("eventhandler"), CoreSystems.ownCertificate(tls("", true)));
        assertEquals(CoreClients.certificate("eventhandler"), CoreSystems.ownCertificate(tls("eventhandler", true)));
        assertThrows(IllegalStateException.class, () -> CoreSystems.ownCertificate(tls("nosuchalias", true)));
    }

    @Test
    void refusesStandaloneAndSecureWithoutTls() {
        final ArrowheadConfiguration standalone = new ArrowheadConfiguration("", 8443, "127.0.0.1", 0, 50, 400, 300,
                3, 10, 60_000, "", 2000, 3000);
        assertThrows(IllegalArgumentException.class, () -> CoreSystems.create(standalone, TlsConfiguration.disabled(),
                null, JsonMapper.create(), new Runner()));
        assertThrows(IllegalArgumentException.class, () -> CoreSystems.create(arrowhead(0), tls("", true), null,
                JsonMapper.create(), new Runner()));
    }

    @Test
    void plainMode() throws Exception {
        registry = FakeServiceRegistry.plain();
        registry.start();
        coreSystems = CoreSystems.create(arrowhead(0), TlsConfiguration.disabled(), null, JsonMapper.create(),
                new Runner());

        coreSystems.startRegistration(40124).registered().get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(SERVICE_COUNT, registry.registrationsOf("eventhandler").size());
        assertEquals("http", coreSystems.serviceRegistry().baseUri().getScheme());
    }

    private void startCore() {
        registry = FakeServiceRegistry.secure();
        registry.start();
        authorization = FakeAuthorization.secure();
        authorization.start();
        registry.seed(authorization.registration());
    }

    private ArrowheadConfiguration arrowhead(final int domainPort) {
        return new ArrowheadConfiguration(FakeServiceRegistry.ADDRESS, registry == null ? 8443 : registry.port(),
                "127.0.0.1", domainPort, 50, 400, 300, 3, 10, 60_000, "", 2000, 3000);
    }

    private static TlsConfiguration tls(final String alias, final boolean hostnameVerification) {
        return new TlsConfiguration(true, TestCloud.get().keyStore("eventhandler"), TestCloud.PASSWORD, alias,
                TestCloud.PASSWORD, TestCloud.get().trustStore(), TestCloud.PASSWORD, hostnameVerification);
    }
}
