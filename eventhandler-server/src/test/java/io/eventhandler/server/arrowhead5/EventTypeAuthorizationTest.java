package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real server in an Arrowhead 5 cloud, authorizing by {@code EVENT_TYPE} rules: it finds ConsumerAuthorization's
 * management service through the ServiceRegistry double, under its public {@code authorization} service as the
 * 5.2.0 core registers them (the configured address is a dead port), and
 * delivers a publisher's events over SSE and webhook only to subscribers its rule for the event type grants; a
 * revoked rule stops delivery at the next re-check, without any update pushed. Event type names are 5.x names or
 * mapped 4.6 ones, which meet in one topic.
 */
class EventTypeAuthorizationTest {

    private static final String SENSOR = "TemperatureSensor";
    private static final String OTHER = "PressureSensor";
    private static final String DASHBOARD = "AlarmDashboard";
    private static final String INTRUDER = "Intruder";

    @TempDir
    Path dataDir;

    private final FakeServiceRegistry5 registry = new FakeServiceRegistry5();
    private final FakeConsumerAuthorization5 authorization = new FakeConsumerAuthorization5();
    private final List<AutoCloseable> open = new ArrayList<>();
    private EventHandlerServer server;
    private EhHttp http;

    private void start() {
        // as the 5.2.0 core registers them: management hidden by restricted discovery, the public service not
        registry.registerCoreService("ConsumerAuthorization", ConsumerAuthorization5Client.SERVICE, false,
                "127.0.0.1", authorization.port(), FakeConsumerAuthorization5.BASE);
        registry.registerCoreService("ConsumerAuthorization", ConsumerAuthorization5Client.PUBLIC_SERVICE, true,
                "127.0.0.1", authorization.port(), "/consumerauthorization/authorization");
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(ArrowheadConfiguration.DIALECT.key(), "arrowhead5");
        settings.put(ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1");
        settings.put(ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()));
        settings.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(),
                Integer.toString(ScriptedWebhookReceiver.deadPort()));
        settings.put(Arrowhead5Configuration.AUTHORIZATION_CACHE_MS.key(), "400");
        settings.put(Arrowhead5Configuration.EVENT_TYPES.key(), "TEMPERATURE_READING:temperatureReading");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        http = new EhHttp(server::baseUri);
    }

    @AfterEach
    void stop() throws Exception {
        for (final AutoCloseable c : open) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
        authorization.close();
        registry.close();
    }

    @Test
    void onlyTheSubscriberTheRuleGrantsGetsThePublishersEventsOverSse() {
        authorization.grantManagement("EventHandler");
        authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        authorization.grant(OTHER, "temperatureAlarm", DASHBOARD, INTRUDER);
        start();
        final SseTestClient dashboard = stream(DASHBOARD, "temperatureAlarm");
        final SseTestClient intruder = stream(INTRUDER, "temperatureAlarm");

        publish(SENSOR, "temperatureAlarm", "hot");
        publish(OTHER, "temperatureAlarm", "marker");

        EhHttp.eventually().until(() -> dashboard.payloads().equals(List.of("hot", "marker")));
        // the marker comes after the sensor's event in the topic: had the intruder been let through, it had it first
        EhHttp.eventually().until(() -> intruder.payloads().equals(List.of("marker")));
    }

    @Test
    void aSubscriberOnBothSseAndWebhookKeepsItsGrantOnBothThroughTheReChecks() {
        authorization.grantManagement("EventHandler");
        authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        start();
        final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
        open.add(receiver);
        final SseTestClient stream = stream(DASHBOARD, "temperatureAlarm"); // asked as declared: AlarmDashboard
        subscribe(receiver.system(DASHBOARD), "temperatureAlarm", 200); // kept in lower case: alarmdashboard
        final int checks = authorization.checks();
        // both decisions re-checked together (one check per event type) at least twice
        EhHttp.eventually().until(() -> authorization.checks() >= checks + 2);

        publish(SENSOR, "temperatureAlarm", "both");

        EhHttp.eventually().until(() -> stream.payloads().equals(List.of("both"))
                && payloads(receiver).equals(List.of("both")));
    }

    @Test
    void aWebhookSubscriberGetsEventsWhileTheRuleGrantsItAndNoneOnceItIsRevoked() {
        authorization.grantManagement("EventHandler");
        authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        authorization.grant(OTHER, "temperatureAlarm", DASHBOARD);
        start();
        final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
        open.add(receiver);
        subscribe(receiver.system(DASHBOARD), "temperatureAlarm", 200);

        publish(SENSOR, "temperatureAlarm", "granted");
        EhHttp.eventually().until(() -> payloads(receiver).contains("granted"));

        authorization.revoke(SENSOR, "temperatureAlarm");
        // no update is pushed: round after round, the sensor's event and then the other publisher's marker, until a
        // marker arrives without the sensor's event before it (a re-check took the revocation into account)
        final int[] round = {0};
        EhHttp.eventually().until(() -> sensorHeldBack(receiver, ++round[0]));
        final int checksBefore = authorization.checks();
        EhHttp.eventually().until(() -> authorization.checks() > checksBefore); // still asked, periodically
    }

    @Test
    void fourSixAndFiveNamesOfAMappedTypeMeetAndTheRuleIsOnTheFiveName() {
        authorization.grantManagement("EventHandler");
        authorization.grant(SENSOR, "temperatureReading", DASHBOARD);
        start();
        final SseTestClient legacy = stream(DASHBOARD, "TEMPERATURE_READING");
        final SseTestClient five = stream(DASHBOARD, "temperatureReading");

        publish(SENSOR, "temperatureReading", "21.5");
        publish(SENSOR, "temperature_reading", "21.6");

        EhHttp.eventually().until(() -> legacy.payloads().equals(List.of("21.5", "21.6"))
                && five.payloads().equals(List.of("21.5", "21.6")));
        assertEquals("TEMPERATURE_READING", legacy.events().get(0).eventType());
    }

    @Test
    void anUnmappedFourSixNameIsRefusedAtEveryEntryPoint() {
        authorization.grantManagement("EventHandler");
        start();
        final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
        open.add(receiver);

        assertNotAFiveName(http.request("POST", EhHttp.PUBLISH_PATH, "application/json",
                EhHttp.json(event(SENSOR, "EVENT_TYPE_2", "x")), "Authorization", declared(SENSOR)));
        assertNotAFiveName(http.request("POST", EhHttp.SUBSCRIBE_PATH, "application/json",
                EhHttp.json(EhHttp.subscription("EVENT_TYPE_2", receiver.system(DASHBOARD), "/notify")),
                "Authorization", declared(DASHBOARD)));
        assertNotAFiveName(http.request("DELETE", EhHttp.UNSUBSCRIBE_PATH + "?event_type=EVENT_TYPE_2"
                + "&system_name=" + DASHBOARD + "&address=127.0.0.1&port=" + receiver.port(), null, null,
                "Authorization", declared(DASHBOARD)));
        final SseTestClient stream = SseTestClient.openQuery(server.baseUri(), "?eventtype=EVENT_TYPE_2",
                "Authorization: " + declared(DASHBOARD));
        open.add(stream);
        assertEquals(400, stream.status());
        assertTrue(stream.errorBody().contains("is not an Arrowhead 5 event type name"), stream.errorBody());
    }

    @Test
    void withoutManagementRightsASubscriberIsToldWhatTheOperatorMustGrant() {
        authorization.grant(SENSOR, "temperatureAlarm", DASHBOARD);
        start();
        final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
        open.add(receiver);

        final HttpResponse<String> refused = subscribe(receiver.system(DASHBOARD), "temperatureAlarm", 504);

        final String message = EhHttp.error(refused).errorMessage();
        assertEquals(ExceptionType.UNAVAILABLE, EhHttp.error(refused).exceptionType());
        assertTrue(message.contains("Requester has no management permission"), message);
        assertTrue(message.contains("authorizationManagement"), message);
    }

    /** One round: whether the sensor's event did not reach the receiver before the marker published after it. */
    private boolean sensorHeldBack(final ScriptedWebhookReceiver receiver, final int round) {
        publish(SENSOR, "temperatureAlarm", "after-" + round);
        publish(OTHER, "temperatureAlarm", "marker-" + round);
        EhHttp.eventually().until(() -> payloads(receiver).contains("marker-" + round));
        return !payloads(receiver).contains("after-" + round);
    }

    private static void assertNotAFiveName(final HttpResponse<String> response) {
        assertEquals(400, response.statusCode(), response::body);
        assertEquals(ExceptionType.INVALID_PARAMETER, EhHttp.error(response).exceptionType());
        assertTrue(EhHttp.error(response).errorMessage().startsWith(
                "Event type EVENT_TYPE_2 is not an Arrowhead 5 event type name"), response.body());
    }

    private SseTestClient stream(final String subscriber, final String eventType) {
        final SseTestClient client = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + eventType,
                "Authorization: " + declared(subscriber));
        open.add(client);
        assertEquals(200, client.status(), client::errorBody);
        return client;
    }

    private HttpResponse<String> subscribe(final SystemRequestDTO subscriber, final String eventType,
                                           final int status) {
        final SubscriptionRequestDTO request = EhHttp.subscription(eventType, subscriber, "/notify");
        final HttpResponse<String> response = http.request("POST", EhHttp.SUBSCRIBE_PATH, "application/json",
                EhHttp.json(request), "Authorization", declared(subscriber.systemName()));
        assertEquals(status, response.statusCode(), response::body);
        return response;
    }

    private void publish(final String publisher, final String eventType, final String payload) {
        final HttpResponse<String> response = http.request("POST", EhHttp.PUBLISH_PATH, "application/json",
                EhHttp.json(event(publisher, eventType, payload)), "Authorization", declared(publisher));
        assertEquals(200, response.statusCode(), response::body);
    }

    private static EventPublishRequestDTO event(final String publisher, final String eventType,
                                                final String payload) {
        return new EventPublishRequestDTO(eventType, SystemRequestDTO.of(publisher, "127.0.0.1", 9001), null,
                payload, null);
    }

    private static List<String> payloads(final ScriptedWebhookReceiver receiver) {
        return receiver.requests().stream().map(r -> r.event().payload()).toList();
    }

    private static String declared(final String system) {
        return "Bearer SYSTEM//" + system;
    }
}
