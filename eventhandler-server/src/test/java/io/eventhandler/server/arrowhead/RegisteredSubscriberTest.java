package io.eventhandler.server.arrowhead;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionListResponseDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.SystemResponseDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.TestCloud;
import io.eventhandler.server.testing.TlsWebhookReceiver;
import io.eventhandler.server.testing.arrowhead.FakeAuthorization;
import io.eventhandler.server.testing.arrowhead.FakeServiceRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What the Authorization system knows about a subscriber wins: over what its subscribe request says (the webhook's
 * scheme follows the key it registered, as the stock Event Handler's {@code PublishEventTask} decides), and over
 * what was stored when an update notice got lost (the stored subscriptions are re-checked when the core answers
 * again and periodically). The real server over mutual TLS, against doubles of the Service Registry and the
 * Authorization that answer with the official DTOs.
 */
class RegisteredSubscriberTest {

    private static final TestCloud CLOUD = TestCloud.get();
    private static final int PUBLISHER_PORT = 9001;
    private static final int CAMERA_PORT = 9002;
    /** The re-check period of these tests; the docs' default is a minute. */
    private static final String RECHECK_MS = "300";

    @TempDir
    Path dataDir;

    private final FakeServiceRegistry registry = FakeServiceRegistry.secure();
    private final FakeAuthorization authorization = FakeAuthorization.secure();
    private final ScriptedWebhookReceiver plainReceiver = ScriptedWebhookReceiver.start();
    private final TlsWebhookReceiver tlsReceiver = TlsWebhookReceiver.start(CLOUD.sslContext("subscriber"),
            "/notify");
    private long publisherId;
    private long cameraId;
    private EventHandlerServer server;

    @BeforeEach
    void startCloud() {
        registry.start();
        authorization.start();
        registry.seed(authorization.registration());
        publisherId = authorization.addSystem("publisher", "127.0.0.1", PUBLISHER_PORT);
        cameraId = authorization.addSystem("camera", "127.0.0.1", CAMERA_PORT);
    }

    @AfterEach
    void stopCloud() {
        if (server != null) {
            server.close();
        }
        plainReceiver.close();
        tlsReceiver.close();
        authorization.close();
        registry.close();
    }

    private void startEventHandler() {
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "50");
        settings.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "200");
        settings.put(ArrowheadConfiguration.SR_CHECK_INTERVAL_MS.key(), "200");
        settings.put(ArrowheadConfiguration.AUTH_RETRY_INTERVAL_SEC.key(), "0");
        settings.put(ArrowheadConfiguration.AUTH_RECHECK_INTERVAL_MS.key(), RECHECK_MS);
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    private EhHttp as(final String system) {
        return new EhHttp(server::baseUri, CLOUD.sslContext(system));
    }

    private void publish(final String publisher, final int port, final String topic, final String payload) {
        as(publisher).publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of(publisher, "127.0.0.1", port),
                null, payload, null));
    }

    /** The publishers the Event Handler's management API says may reach the subscriber's subscriptions. */
    private Set<String> authorizedPublishers() {
        final HttpResponse<String> list = as("sysop").get(EventHandlerApi.BASE_PATH
                + EventHandlerApi.MGMT_SUBSCRIPTIONS);
        assertEquals(200, list.statusCode(), list.body());
        return EhHttp.read(list.body(), SubscriptionListResponseDTO.class).data().stream()
                .flatMap(s -> s.sources().stream()).map(SystemResponseDTO::systemName).collect(Collectors.toSet());
    }

    @Test
    void aSubscriberRegisteredWithAKeyIsNotifiedOverHttpsAfterTheMinimalStockSubscribeBody() {
        final long subscriberId = authorization.addSystem("subscriber", "127.0.0.1", tlsReceiver.port(),
                FakeAuthorization.publicKeyOf("subscriber"));
        authorization.allow(subscriberId, publisherId);
        startEventHandler();
        final String topic = uniqueTopic("registered-key");
        // exactly what the stock Event Handler accepts: no authenticationInfo in the body
        final HttpResponse<String> subscribed = as("subscriber").request("POST",
                EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE, "application/json",
                "{\"eventType\":\"" + topic + "\",\"subscriberSystem\":{\"systemName\":\"subscriber\","
                        + "\"address\":\"127.0.0.1\",\"port\":" + tlsReceiver.port() + "},\"notifyUri\":\"/notify\","
                        + "\"matchMetaData\":false}");
        EhHttp.assertOkEmpty(subscribed);

        publish("publisher", PUBLISHER_PORT, topic, "over-https");
        eventually().until(() -> tlsReceiver.payloads().contains("over-https"));
        assertEquals(List.of(TestCloud.commonName("eventhandler")), tlsReceiver.callers());
    }

    @Test
    void aSubscriberRegisteredWithoutAKeyIsNotifiedOverHttpWhateverItsBodySays() {
        final long subscriberId = authorization.addSystem("subscriber", "127.0.0.1", plainReceiver.port());
        authorization.allow(subscriberId, publisherId);
        startEventHandler();
        final String topic = uniqueTopic("registered-no-key");
        as("subscriber").subscribeOk(new SubscriptionRequestDTO(topic, new SystemRequestDTO("subscriber",
                "127.0.0.1", plainReceiver.port(), FakeAuthorization.publicKeyOf("subscriber"), null), null,
                "/notify", false, null, null, null));

        publish("publisher", PUBLISHER_PORT, topic, "over-http");
        eventually().until(() -> plainReceiver.payloads().contains("over-http"));
    }

    @Test
    void aRuleDeletedWhileTheEventHandlerWasDownStopsDeliveryOnceTheAuthorizationAnswersAgain() {
        final long subscriberId = authorization.addSystem("subscriber", "127.0.0.1", plainReceiver.port());
        authorization.allow(subscriberId, publisherId);
        startEventHandler();
        final String topic = uniqueTopic("missed-revocation");
        as("subscriber").subscribeOk(EhHttp.subscription(topic, plainReceiver.system("subscriber"), "/notify"));
        publish("publisher", PUBLISHER_PORT, topic, "before");
        eventually().until(() -> plainReceiver.payloads().contains("before"));
        server.close();
        server = null;

        // the Authorization's notices of these changes reach nobody: it sends each once, and the EH is down
        authorization.deny(subscriberId, publisherId);
        authorization.allow(subscriberId, cameraId);
        authorization.stop();
        startEventHandler();
        publish("publisher", PUBLISHER_PORT, topic, "while-the-core-is-down");
        eventually().until(() -> plainReceiver.payloads().contains("while-the-core-is-down"));
        assertEquals(Set.of("publisher"), authorizedPublishers(), "the stored state stays in force meanwhile");

        authorization.start();
        eventually().until(() -> authorizedPublishers().equals(Set.of("camera")));
        assertOnlyTheGrantedPublisherDelivers(topic);
    }

    @Test
    void aLostUpdateNoticeTakesEffectAtTheNextPeriodicRecheck() {
        final long subscriberId = authorization.addSystem("subscriber", "127.0.0.1", plainReceiver.port());
        authorization.allow(subscriberId, publisherId);
        startEventHandler();
        final String topic = uniqueTopic("lost-notice");
        as("subscriber").subscribeOk(EhHttp.subscription(topic, plainReceiver.system("subscriber"), "/notify"));
        eventually().until(() -> authorizedPublishers().equals(Set.of("publisher")));

        authorization.deny(subscriberId, publisherId); // no sendAuthUpdate: the notice was lost on the way
        authorization.allow(subscriberId, cameraId);
        eventually().until(() -> authorizedPublishers().equals(Set.of("camera")));
        assertOnlyTheGrantedPublisherDelivers(topic);
    }

    @Test
    void aSubscriberTheAuthorizationNoLongerKnowsIsPermittedNoPublisher() {
        final long subscriberId = authorization.addSystem("subscriber", "127.0.0.1", plainReceiver.port());
        authorization.allow(subscriberId, publisherId);
        startEventHandler();
        as("subscriber").subscribeOk(EhHttp.subscription(uniqueTopic("removed"), plainReceiver.system("subscriber"),
                "/notify"));
        eventually().until(() -> authorizedPublishers().equals(Set.of("publisher")));

        authorization.removeSystem(subscriberId);
        eventually().until(() -> authorizedPublishers().isEmpty());
    }

    /** The revoked publisher's event is not delivered; the granted one's is (waited for, so the other had its turn). */
    private void assertOnlyTheGrantedPublisherDelivers(final String topic) {
        publish("publisher", PUBLISHER_PORT, topic, "revoked");
        publish("camera", CAMERA_PORT, topic, "granted");
        eventually().until(() -> plainReceiver.payloads().contains("granted"));
        assertFalse(plainReceiver.payloads().contains("revoked"), plainReceiver.payloads().toString());
    }
}
