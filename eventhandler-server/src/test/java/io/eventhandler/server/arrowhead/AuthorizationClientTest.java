package io.eventhandler.server.arrowhead;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.arrowhead.common.dto.shared.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.CoreClients;
import io.eventhandler.server.testing.arrowhead.FakeAuthorization;
import io.eventhandler.server.testing.arrowhead.FakeCoreSystem;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.eventhandler.server.arrowhead.CoreSystemClientTest.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Authorization's subscription check, found through the registry double, against the Authorization double. */
class AuthorizationClientTest {

    private static final long WAIT_SECONDS = 10;
    private static final SystemRequestDTO SUBSCRIBER = SystemRequestDTO.of("Subscriber", "Sub.Local", 9001);

    private FakeServiceRegistry registry;
    private FakeAuthorization authorization;
    private FakeAuthorization movedAuthorization;
    private CoreSystemClient client;
    private AuthorizationClient authorizationClient;

    @AfterEach
    void stop() {
        for (final AutoCloseable closeable : new AutoCloseable[] {client, registry, authorization, movedAuthorization}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (final Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    @Test
    void answersTheConsumerIdAndItsAuthorizedPublishersNormalised() throws Exception {
        startSecure("eventhandler");
        final long subscriber = authorization.addSystem("subscriber", "sub.local", 9001);
        final long sensor = authorization.addSystem("TempSensor", "Sensor.LOCAL", 5000);
        final long other = authorization.addSystem("other", "10.0.0.7", 5001);
        authorization.addSystem("unrelated", "10.0.0.8", 5002);
        authorization.allow(subscriber, sensor);
        authorization.allow(subscriber, other);
        authorization.allow(other, subscriber);

        final SubscriptionCheck check = authorizationClient.checkSubscription(SUBSCRIBER)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(subscriber, check.consumerId());
        assertEquals(Set.of(SystemRef.of("tempsensor", "sensor.local", 5000), SystemRef.of("other", "10.0.0.7", 5001)),
                check.publishers());
        // the request the double read strictly into the mirrored request DTO
        assertTrue(authorization.requests().get(0).body().startsWith("{\"consumer\":{\"systemName\":\"Subscriber\""),
                authorization.requests().get(0).body());
    }

    @Test
    void aSubscriberWithoutRulesHasNoPublishers() throws Exception {
        startSecure("eventhandler");
        final long subscriber = authorization.addSystem("subscriber", "sub.local", 9001);

        final SubscriptionCheck check = authorizationClient.checkSubscription(SUBSCRIBER)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(subscriber, check.consumerId());
        assertTrue(check.publishers().isEmpty());
    }

    @Test
    void anUnknownConsumerIsAnInvalidParameterWithArrowheadsMessage() {
        startSecure("eventhandler");

        final CoreSystemException error = failure(
                authorizationClient.checkSubscription(SystemRequestDTO.of("ghost", "10.0.0.1", 1234)),
                CoreSystemException.class);

        assertEquals(400, error.status());
        assertTrue(error.is(ExceptionType.INVALID_PARAMETER));
        assertEquals("Consumer with name: ghost, address: 10.0.0.1 and port: 1234 is not exist in the database.",
                error.error().orElseThrow().errorMessage());
        assertEquals("/authorization/subscription/check", error.error().orElseThrow().origin());
    }

    @Test
    void theUriIsFoundThroughTheServiceRegistryOnceAndCached() throws Exception {
        startSecure("eventhandler");
        authorization.addSystem("subscriber", "sub.local", 9001);

        authorizationClient.checkSubscription(SUBSCRIBER).get(WAIT_SECONDS, TimeUnit.SECONDS);
        authorizationClient.checkSubscription(SUBSCRIBER).get(WAIT_SECONDS, TimeUnit.SECONDS);
        // a refusal from a live Authorization keeps the URI as well
        failure(authorizationClient.checkSubscription(SystemRequestDTO.of("ghost", "h", 1)), CoreSystemException.class);
        authorizationClient.checkSubscription(SUBSCRIBER).get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(URI.create("https://127.0.0.1:" + authorization.port() + "/authorization/subscription/check"),
                authorizationClient.subscriptionCheckUri().get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(1, registry.requests("POST", FakeServiceRegistry.QUERY).size());
        assertTrue(registry.requests("POST", FakeServiceRegistry.QUERY).get(0).body()
                .contains("\"serviceDefinitionRequirement\":\"authorization-control-subscription\""));
        assertEquals(4, authorization.checkCalls());
    }

    @Test
    void anAuthorizationThatMovedIsLookedUpAgainAfterAFailure() throws Exception {
        startSecure("eventhandler");
        authorization.addSystem("subscriber", "sub.local", 9001);
        authorizationClient.checkSubscription(SUBSCRIBER).get(WAIT_SECONDS, TimeUnit.SECONDS);

        // the Authorization restarts elsewhere and registers there
        authorization.stop();
        movedAuthorization = FakeAuthorization.secure();
        final long subscriber = movedAuthorization.addSystem("subscriber", "sub.local", 9001);
        movedAuthorization.start();
        registry.forget();
        registry.seed(movedAuthorization.registration());

        final Throwable refused = failure(authorizationClient.checkSubscription(SUBSCRIBER), Throwable.class);
        assertInstanceOf(IOException.class, refused);
        final SubscriptionCheck check = authorizationClient.checkSubscription(SUBSCRIBER)
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(subscriber, check.consumerId());
        assertEquals(1, movedAuthorization.checkCalls());
        assertEquals(2, registry.requests("POST", FakeServiceRegistry.QUERY).size());
    }

    @Test
    void anUnavailableAuthorizationFailsTheCheckUntilItRecovers() throws Exception {
        startSecure("eventhandler");
        final long subscriber = authorization.addSystem("subscriber", "sub.local", 9001);
        authorization.failWith(503);

        final CoreSystemException error = failure(authorizationClient.checkSubscription(SUBSCRIBER),
                CoreSystemException.class);
        assertEquals(503, error.status());

        authorization.recover();
        assertEquals(subscriber, authorizationClient.checkSubscription(SUBSCRIBER)
                .get(WAIT_SECONDS, TimeUnit.SECONDS).consumerId());
    }

    @Test
    void withoutAnAuthorizationInTheRegistryTheCheckFails() {
        registry = FakeServiceRegistry.secure();
        registry.start();
        client = CoreClients.as("eventhandler");
        authorizationClient = new AuthorizationClient(client,
                new ServiceRegistryClient(client, FakeServiceRegistry.ADDRESS, registry.port()));

        final ServiceNotFoundException error = failure(authorizationClient.checkSubscription(SUBSCRIBER),
                ServiceNotFoundException.class);

        assertEquals("authorization-control-subscription", error.serviceDefinition());
    }

    @Test
    void theAuthorizationAnswersOnlyTheEventHandler() {
        // the registry lets any core system query; the Authorization then refuses every caller but eventhandler
        startSecure("orchestrator");

        final CoreSystemException error = failure(authorizationClient.checkSubscription(SUBSCRIBER),
                CoreSystemException.class);

        assertEquals(401, error.status());
        assertTrue(error.is(ExceptionType.AUTH));
        assertEquals(TestCloud.commonName("orchestrator") + " is unauthorized to access https://127.0.0.1:"
                + authorization.port() + "/authorization/subscription/check", error.error().orElseThrow().errorMessage());
        assertEquals(1, authorization.checkCalls());
    }

    @Test
    void plainHttp() throws Exception {
        registry = FakeServiceRegistry.plain();
        registry.start();
        authorization = FakeAuthorization.plain();
        authorization.start();
        registry.seed(authorization.registration());
        final long subscriber = authorization.addSystem("subscriber", "sub.local", 9001);
        client = CoreClients.plain();
        authorizationClient = new AuthorizationClient(client,
                new ServiceRegistryClient(client, FakeServiceRegistry.ADDRESS, registry.port()));

        assertEquals(subscriber, authorizationClient.checkSubscription(SUBSCRIBER)
                .get(WAIT_SECONDS, TimeUnit.SECONDS).consumerId());
        assertEquals("http", authorizationClient.subscriptionCheckUri().get(WAIT_SECONDS, TimeUnit.SECONDS)
                .getScheme());
    }

    @Test
    void theDoublePublishesAuthUpdatesAsTheAuthorization() throws Exception {
        authorization = FakeAuthorization.secure();
        authorization.start();
        try (FakeCoreSystem eventHandler = new FakeCoreSystem("eventhandler",
                TestCloud.get().sslContext("eventhandler"), 0) {
            @Override
            protected void handle(final Exchange exchange) {
                exchange.empty(200);
            }
        }) {
            eventHandler.start();

            final FakeAuthorization.HttpResult result = authorization.sendAuthUpdate(eventHandler.baseUri(), 42);

            assertEquals(200, result.status());
            final FakeCoreSystem.Recorded received = eventHandler.requests().get(0);
            assertEquals("/eventhandler/publish/authupdate", received.path());
            assertEquals(TestCloud.commonName("authorization"), received.callerCommonName());
            final EventPublishRequestDTO event = new ObjectMapper()
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                    .readValue(received.body(), EventPublishRequestDTO.class);
            assertEquals("SUBSCRIBER_AUTH_UPDATE", event.getEventType());
            assertEquals("42", event.getPayload());
            assertEquals("authorization", event.getSource().getSystemName());
            assertEquals(authorization.port(), event.getSource().getPort());
            assertTrue(Instant.parse(event.getTimeStamp()).isAfter(Instant.now().minusSeconds(60)));
        }
    }

    private void startSecure(final String caller) {
        registry = FakeServiceRegistry.secure();
        registry.start();
        authorization = FakeAuthorization.secure();
        authorization.start();
        registry.seed(authorization.registration());
        client = CoreClients.as(caller);
        authorizationClient = new AuthorizationClient(client,
                new ServiceRegistryClient(client, FakeServiceRegistry.ADDRESS, registry.port()));
    }
}
