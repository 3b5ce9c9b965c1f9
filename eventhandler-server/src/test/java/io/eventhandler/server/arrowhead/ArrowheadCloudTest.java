package io.eventhandler.server.arrowhead;

import eu.arrowhead.common.dto.shared.ServiceRegistryResponseDTO;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.arrowhead.FakeAuthorization;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.eventhandler.server.testing.EhHttp.error;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Event Handler as a citizen of a secured Arrowhead local cloud: the real server over mutual TLS against doubles
 * of the Service Registry and the Authorization system that read and answer with the official Arrowhead DTOs and
 * check what the real ones check. Registration, re-registration, unregistration, authorization of deliveries,
 * authorization updates, and a restart that keeps the subscriptions.
 */
class ArrowheadCloudTest {

    /** Arrowhead's four Event Handler services, the SSE stream and the batch publish. */
    private static final int SERVICE_COUNT = EventHandlerServices.insecure("eh", 1).serviceDefinitions().size();

    private static final TestCloud CLOUD = TestCloud.get();
    private static final int PUBLISHER_PORT = 9001;
    private static final int CAMERA_PORT = 9002;

    @TempDir
    Path dataDir;

    private final FakeServiceRegistry registry = FakeServiceRegistry.secure();
    private final FakeAuthorization authorization = FakeAuthorization.secure();
    private ScriptedWebhookReceiver receiver;
    private long subscriberId;
    private long publisherId;
    private long cameraId;
    private EventHandlerServer server;

    @BeforeEach
    void startCloud() {
        registry.start();
        authorization.start();
        registry.seed(authorization.registration());
        receiver = ScriptedWebhookReceiver.start();
        subscriberId = authorization.addSystem("subscriber", "127.0.0.1", receiver.port());
        publisherId = authorization.addSystem("publisher", "127.0.0.1", PUBLISHER_PORT);
        cameraId = authorization.addSystem("camera", "127.0.0.1", CAMERA_PORT);
        authorization.allow(subscriberId, publisherId);
    }

    @AfterEach
    void stopCloud() {
        if (server != null) {
            server.close();
        }
        receiver.close();
        authorization.close();
        registry.close();
    }

    private EventHandlerServer startEventHandler() {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "200");
        settings.put(ArrowheadConfiguration.SR_CHECK_INTERVAL_MS.key(), "200");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        return server;
    }

    private EhHttp as(final String system) {
        return new EhHttp(server::baseUri, CLOUD.sslContext(system));
    }

    private static EventPublishRequestDTO event(final String publisher, final int port, final String topic,
                                                final String payload) {
        return new EventPublishRequestDTO(topic, SystemRequestDTO.of(publisher, "127.0.0.1", port), null, payload,
                null);
    }

    private void subscribe(final String topic) {
        as("subscriber").subscribeOk(EhHttp.subscription(topic, receiver.system("subscriber"), "/notify"));
    }

    @Test
    void registersItsServicesAsTheStockEventHandlerDoes() throws Exception {
        startEventHandler();
        eventually().until(() -> registry.registrationsOf("eventhandler").size() == SERVICE_COUNT);
        final List<ServiceRegistryResponseDTO> registered = registry.registrationsOf("eventhandler");
        assertEquals(Map.of(
                "event-publish", "/eventhandler/publish",
                "event-subscribe", "/eventhandler/subscribe",
                "event-unsubscribe", "/eventhandler/unsubscribe",
                "event-publish-auth-update", "/eventhandler/publish/authupdate",
                "event-subscribe-sse", "/eventhandler/subscription",
                "event-publish-batch", "/eventhandler/publish/batch"),
                registered.stream().collect(Collectors.toMap(r -> r.getServiceDefinition().getServiceDefinition(),
                        ServiceRegistryResponseDTO::getServiceUri)));
        final String publicKey = Base64.getEncoder().encodeToString(
                server.identity().orElseThrow().publicKey().getEncoded());
        for (final ServiceRegistryResponseDTO registration : registered) {
            assertEquals("127.0.0.1", registration.getProvider().getAddress());
            assertEquals(server.port(), registration.getProvider().getPort());
            assertEquals(publicKey, registration.getProvider().getAuthenticationInfo());
            assertEquals("CERTIFICATE", registration.getSecure().name());
            assertEquals(List.of("HTTP-SECURE-JSON"), registration.getInterfaces().stream()
                    .map(i -> i.getInterfaceName()).toList());
        }
    }

    @Test
    void servesWhileTheRegistryIsDownAndRegistersWhenItComesUp() {
        registry.stop();
        startEventHandler();
        assertEquals(200, as("publisher").get(EhHttp.ECHO_PATH).statusCode(), "serving before registration");
        as("publisher").publishOk(event("publisher", PUBLISHER_PORT, uniqueTopic("early"), "x"));
        assertEquals(0, registry.registrationsOf("eventhandler").size());

        registry.start();
        eventually().until(() -> registry.registrationsOf("eventhandler").size() == SERVICE_COUNT);
    }

    @Test
    void registersAgainWhenTheRegistryForgotAndUnregistersWhenItStops() {
        startEventHandler();
        eventually().until(() -> registry.registrationsOf("eventhandler").size() == SERVICE_COUNT);
        registry.restart();
        registry.seed(authorization.registration());
        assertEquals(0, registry.registrationsOf("eventhandler").size());
        eventually().until(() -> registry.registrationsOf("eventhandler").size() == SERVICE_COUNT);

        server.close();
        server = null;
        assertEquals(0, registry.registrationsOf("eventhandler").size(), "an orderly stop unregisters");
        assertEquals(1, registry.registrationsOf("authorization").size(), "and touches nothing else");
    }

    @Test
    void deliversOnlyWhatTheAuthorizationSystemAllowsAndFollowsItsUpdates() {
        startEventHandler();
        final String topic = uniqueTopic("authorized");
        subscribe(topic);
        as("publisher").publishOk(event("publisher", PUBLISHER_PORT, topic, "from-publisher"));
        as("camera").publishOk(event("camera", CAMERA_PORT, topic, "from-camera-1"));
        eventually().until(() -> receiver.payloads().contains("from-publisher"));

        authorization.allow(subscriberId, cameraId);
        assertEquals(200, authorization.sendAuthUpdate(server.baseUri(), subscriberId).status());
        as("camera").publishOk(event("camera", CAMERA_PORT, topic, "from-camera-2"));
        eventually().until(() -> receiver.payloads().contains("from-camera-2"));
        assertEquals(List.of("from-publisher", "from-camera-2"), receiver.payloads(),
                "the camera's event before its rule reached nobody");

        authorization.deny(subscriberId, publisherId);
        assertEquals(200, authorization.sendAuthUpdate(server.baseUri(), subscriberId).status());
        as("publisher").publishOk(event("publisher", PUBLISHER_PORT, topic, "from-publisher-denied"));
        as("camera").publishOk(event("camera", CAMERA_PORT, topic, "from-camera-3"));
        eventually().until(() -> receiver.payloads().contains("from-camera-3"));
        assertTrue(!receiver.payloads().contains("from-publisher-denied"), "a withdrawn rule stops delivery");
    }

    @Test
    void anSseStreamIsAuthorizedForTheSystemItNames() {
        startEventHandler();
        final String topic = uniqueTopic("authorized-sse");
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                "?eventtype=" + topic + "&address=127.0.0.1&port=" + receiver.port());
             SseTestClient unnamed = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                     "?eventtype=" + topic)) {
            assertEquals(200, stream.status());
            assertEquals(400, unnamed.status(), "without address and port the Authorization cannot be asked");
            as("camera").publishOk(event("camera", CAMERA_PORT, topic, "c"));
            as("publisher").publishOk(event("publisher", PUBLISHER_PORT, topic, "p"));
            eventually().until(() -> stream.payloads().size() == 1);
            assertEquals(List.of("p"), stream.payloads());
        }
    }

    @Test
    void anSseStreamOfAnUnknownSubscriberGetsTheAuthorizationSystemsAnswerAfterOneCheck() {
        startEventHandler();
        final int checksBefore = authorization.checkCalls();
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                "?eventtype=" + uniqueTopic("unknown-sse") + "&address=127.0.0.1&port=1")) {
            assertEquals(400, stream.status(), stream.errorBody());
            final ErrorMessageDTO refused = EhHttp.read(stream.errorBody(), ErrorMessageDTO.class);
            assertEquals(ExceptionType.INVALID_PARAMETER, refused.exceptionType());
            assertTrue(refused.errorMessage().contains("is not exist in the database"), stream.errorBody());
            assertEquals("/eventhandler/subscription", refused.origin());
        }
        assertEquals(checksBefore + 1, authorization.checkCalls(), "the stream's grant is asked for once");
    }

    @Test
    void anSseStreamIsRefusedWhileTheAuthorizationSystemFailsAndOpensOnceItRecovers() {
        startEventHandler();
        final String topic = uniqueTopic("authorization-down-sse");
        final String query = "?eventtype=" + topic + "&address=127.0.0.1&port=" + receiver.port();
        authorization.failWith(503);
        try (SseTestClient refused = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                query)) {
            assertTrue(refused.status() >= 500, refused.status() + " " + refused.errorBody());
            assertEquals(ExceptionType.UNAVAILABLE,
                    EhHttp.read(refused.errorBody(), ErrorMessageDTO.class).exceptionType(), refused.errorBody());
        } finally {
            authorization.recover();
        }
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(), CLOUD.sslContext("subscriber"),
                query)) {
            assertEquals(200, stream.status(), stream.errorBody());
            as("publisher").publishOk(event("publisher", PUBLISHER_PORT, topic, "after-recovery"));
            eventually().until(() -> stream.payloads().size() == 1);
        }
    }

    @Test
    void anUnknownSubscriberGetsTheAuthorizationSystemsAnswer() {
        startEventHandler();
        final HttpResponse<String> refused = as("subscriber").subscribe(EhHttp.subscription(uniqueTopic("unknown"),
                SystemRequestDTO.of("subscriber", "127.0.0.1", 1), "/notify"));
        assertEquals(400, refused.statusCode());
        assertEquals(ExceptionType.INVALID_PARAMETER, error(refused).exceptionType());
        assertTrue(error(refused).errorMessage().contains("is not exist in the database"), refused.body());
        assertEquals("/eventhandler/subscribe", error(refused).origin());
    }

    @Test
    void aRestartKeepsTheSubscriptionsAndChecksThemAgain() {
        startEventHandler();
        final String topic = uniqueTopic("restart");
        subscribe(topic);
        server.close();
        server = null;

        authorization.allow(subscriberId, cameraId);
        final int checksBefore = authorization.checkCalls();
        startEventHandler();
        eventually().until(() -> authorization.checkCalls() > checksBefore);
        as("camera").publishOk(event("camera", CAMERA_PORT, topic, "camera-after-restart"));
        as("publisher").publishOk(event("publisher", PUBLISHER_PORT, topic, "publisher-after-restart"));
        eventually().until(() -> receiver.payloads().size() == 2);
        assertEquals(Set.of("camera-after-restart", "publisher-after-restart"), Set.copyOf(receiver.payloads()),
                "the stored subscription delivers, with the rules re-checked at start");
    }
}
