package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.MqttConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.Closing;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.Mosquitto;
import io.eventhandler.server.testing.MqttTestClient;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceInterfaceRequestDTO;
import io.eventhandler.server.testing.arrowhead5.FakeConsumerAuthorization5;
import io.eventhandler.server.testing.arrowhead5.FakeServiceRegistry5;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real server in an Arrowhead 5 cloud (declared identity, the 5.x ServiceRegistry double) with a real Mosquitto:
 * publish and subscribe over MQTT in the 5.x envelopes, delivered alongside SSE in order, HTTP publishes reaching
 * MQTT subscribers, malformed requests answered with the 5.x error envelope and nothing accepted, and the services
 * registered with their {@code generic_mqtt} interfaces.
 */
class MqttPublishSubscribeTest {

    private static final String PUBLISH = "arrowhead/event-handler/event-publish/publish";
    private static final String SUBSCRIBE = "arrowhead/event-handler/event-subscribe/subscribe";
    private static final String PUBLISH_BATCH = "arrowhead/event-handler/event-publish/publish-batch";
    private static final String UNSUBSCRIBE = "arrowhead/event-handler/event-subscribe/unsubscribe";
    private static final String SENSOR = "SYSTEM//TemperatureSensor";
    private static final String DASHBOARD = "SYSTEM//AlarmDashboard";

    @TempDir
    static Path dir;

    private static Mosquitto mosquitto;
    private static FakeServiceRegistry5 registry;
    private static FakeConsumerAuthorization5 authorization;
    private static EventHandlerServer server;
    private static MqttTestClient sensor;
    private static MqttTestClient dashboard;

    @BeforeAll
    static void start() {
        mosquitto = Mosquitto.start(dir.resolve("mosquitto"));
        registry = new FakeServiceRegistry5();
        authorization = new FakeConsumerAuthorization5();
        authorization.grantManagement("EventHandler");
        final Map<String, String> settings = new java.util.HashMap<>(Map.of(
                Arrowhead5Configuration.AUTHORIZATION_PORT.key(), Integer.toString(authorization.port())));
        settings.putAll(Map.of(
                HttpConfiguration.PORT.key(), "0",
                HttpConfiguration.ADDRESS.key(), "127.0.0.1",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID(),
                ArrowheadConfiguration.DIALECT.key(), "arrowhead5",
                ArrowheadConfiguration.SR_ADDRESS.key(), "127.0.0.1",
                ArrowheadConfiguration.SR_PORT.key(), Integer.toString(registry.port()),
                Arrowhead5Configuration.SYSTEM_NAME.key(), "EventHandler",
                MqttConfiguration.ENABLED.key(), "true",
                MqttConfiguration.BROKER_URL.key(), mosquitto.url()));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        sensor = MqttTestClient.connect(mosquitto.url(), "TemperatureSensor", true);
        dashboard = MqttTestClient.connect(mosquitto.url(), "AlarmDashboard", true);
        // the Event Handler answers once it has subscribed its request topics
        eventually().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> sensor.request(PUBLISH, SENSOR,
                sensorEvent("warmUp", "0"), null, Duration.ofSeconds(1)).path("status").asInt() == 200);
    }

    @AfterAll
    static void stop() {
        Closing.all(sensor, dashboard, server, registry, authorization, mosquitto);
    }

    /** A fresh 5.x event type name (camelCase letters and digits), as the 5.x dialect requires. */
    private static String fiveName(final String prefix) {
        return EhHttp.uniqueTopic(prefix).replace("-", "");
    }

    private static Map<String, Object> sensorEvent(final String eventType, final String payload) {
        final Map<String, Object> event = Requests.event(eventType, payload);
        Requests.nested(event, "source").put("systemName", "TemperatureSensor");
        return event;
    }

    /** Subscribes the dashboard over MQTT to {@code eventType}, delivered to a topic of its own, returned. */
    private static String subscribeOverMqtt(final String eventType) {
        final String topic = "plant/alarm-dashboard/" + eventType;
        // the publisher's EVENT_TYPE rule lets the dashboard have its events
        authorization.grant("TemperatureSensor", eventType, "AlarmDashboard");
        dashboard.subscribe(topic);
        final JsonNode answer = dashboard.request(SUBSCRIBE, DASHBOARD, Requests.subscription(eventType,
                Requests.system("AlarmDashboard", "127.0.0.1", 9500), topic), null);
        assertEquals(200, answer.path("status").asInt(), answer::toString);
        assertEquals("AlarmDashboard", answer.path("receiver").asText());
        return topic;
    }

    private static List<String> eventPayloads(final List<JsonNode> messages) {
        return messages.stream().map(m -> m.path("payload").path("payload").asText()).toList();
    }

    @Test
    void publishedOverMqttReachesSseAndMqttSubscribersInOrder() {
        final String type = fiveName("temperatureAlarm");
        final String topic = subscribeOverMqtt(type);
        try (SseTestClient sse = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + type,
                "Authorization: Bearer " + DASHBOARD)) {
            assertEquals(200, sse.status(), sse::errorBody);
            final int n = 12;
            for (int i = 1; i <= n; i++) {
                final JsonNode answer = sensor.request(PUBLISH, SENSOR, sensorEvent(type, "a" + i), null);
                assertEquals(200, answer.path("status").asInt(), answer::toString);
                assertEquals("TemperatureSensor", answer.path("receiver").asText());
                assertTrue(answer.hasNonNull("traceId"));
            }
            final List<String> expected = java.util.stream.IntStream.rangeClosed(1, n).mapToObj(i -> "a" + i)
                    .toList();
            eventually().until(() -> sse.payloads().size() >= n && dashboard.messages(topic).size() >= n);
            assertEquals(expected, sse.payloads());
            assertEquals(expected, eventPayloads(dashboard.messages(topic)));
            final JsonNode first = dashboard.messages(topic).get(0);
            // system names are kept as Arrowhead 4.6 keeps them, lower case (5.x matches declared names ignoring case)
            assertEquals("alarmdashboard", first.path("receiver").asText());
            assertEquals("EventHandler", first.path("sender").asText());
            // the payload is the EventDTO a webhook gets
            assertTrue(first.path("payload").path("eventType").isTextual(), first::toString);
        }
    }

    @Test
    void publishedOverHttpReachesAnMqttSubscriber() throws Exception {
        final String type = fiveName("pressureAlarm");
        final String topic = subscribeOverMqtt(type);
        final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int i = 1; i <= 3; i++) {
            final HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.baseUri()
                            + EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer " + SENSOR)
                    .POST(HttpRequest.BodyPublishers.ofString(EhHttp.json(sensorEvent(type, "h" + i)))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response::body);
        }
        eventually().until(() -> dashboard.messages(topic).size() >= 3);
        assertEquals(List.of("h1", "h2", "h3"), eventPayloads(dashboard.messages(topic)));
    }

    @Test
    void malformedRequestsGetTheFiveErrorEnvelopeAndNothingIsAccepted() {
        final String type = fiveName("valveAlarm");
        final String topic = subscribeOverMqtt(type);

        final Map<String, Object> noType = sensorEvent(type, "bad");
        noType.put("eventType", null);
        final JsonNode invalid = sensor.request(PUBLISH, SENSOR, noType, null);
        assertError(invalid, 400, "INVALID_PARAMETER", "Request.EventType is null or blank.");

        final JsonNode unauthenticated = sensor.request(PUBLISH, null, sensorEvent(type, "bad"), null);
        assertError(unauthenticated, 401, "AUTH", "No authorization header has been provided");

        final JsonNode impostor = sensor.request(PUBLISH, "SYSTEM//Intruder", sensorEvent(type, "bad"), null);
        assertError(impostor, 401, "AUTH", "do not match");

        // no request envelope, but a JSON object naming where to answer
        final String responseTopic = "test/response/" + UUID.randomUUID();
        sensor.subscribe(responseTopic);
        sensor.publish(PUBLISH, ("{\"traceId\":\"t-bad\",\"responseTopic\":\"" + responseTopic
                + "\",\"qosRequirement\":\"high\",\"payload\":{}}").getBytes(StandardCharsets.UTF_8));
        final JsonNode template = sensor.awaitOne(responseTopic);
        assertError(template, 400, "INVALID_PARAMETER", "Invalid message template");
        assertEquals("t-bad", template.path("traceId").asText());
        // not JSON at all: nobody to answer, nothing accepted
        sensor.publish(PUBLISH, "not json".getBytes(StandardCharsets.UTF_8));

        assertEquals(200, sensor.request(PUBLISH, SENSOR, sensorEvent(type, "good"), null).path("status").asInt());
        eventually().until(() -> !dashboard.messages(topic).isEmpty());
        assertEquals(List.of("good"), eventPayloads(dashboard.messages(topic)));
    }

    @Test
    void aSubscriptionDeliveringToAServiceTopicIsRefused() {
        final String type = fiveName("doorAlarm");
        final JsonNode answer = dashboard.request(SUBSCRIBE, DASHBOARD, Requests.subscription(type,
                Requests.system("AlarmDashboard", "127.0.0.1", 9500),
                "arrowhead/serviceregistry/service-discovery/register"), null);
        assertEquals(400, answer.path("status").asInt(), answer::toString);
        assertEquals("INVALID_PARAMETER", answer.path("payload").path("exceptionType").asText());
        assertEquals(SUBSCRIBE, answer.path("payload").path("origin").asText());
        final JsonNode wildcard = dashboard.request(SUBSCRIBE, DASHBOARD, Requests.subscription(type,
                Requests.system("AlarmDashboard", "127.0.0.1", 9500), "plant/#"), null);
        assertEquals(400, wildcard.path("status").asInt(), wildcard::toString);
    }

    private static void assertError(final JsonNode answer, final int status, final String type,
                                    final String messagePart) {
        assertEquals(status, answer.path("status").asInt(), answer::toString);
        final JsonNode error = answer.path("payload");
        assertEquals(status, error.path("errorCode").asInt(), answer::toString);
        assertEquals(type, error.path("exceptionType").asText(), answer::toString);
        assertEquals(PUBLISH, error.path("origin").asText(), answer::toString);
        assertTrue(error.path("errorMessage").asText().contains(messagePart), answer::toString);
    }

    @Test
    void aBatchOverMqttIsAcceptedAllOrNone() {
        final String type = fiveName("flowAlarm");
        final String topic = subscribeOverMqtt(type);
        final List<Map<String, Object>> refusedBatch = List.of(sensorEvent(type, "x1"), sensorEvent(type, "x2"));
        refusedBatch.get(1).put("eventType", null);

        final JsonNode refused = sensor.request(PUBLISH_BATCH, SENSOR, refusedBatch, null);
        final JsonNode accepted = sensor.request(PUBLISH_BATCH, SENSOR, List.of(sensorEvent(type, "b1"),
                sensorEvent(type, "b2"), sensorEvent(type, "b3")), null);

        assertEquals(400, refused.path("status").asInt(), refused::toString);
        assertEquals("Event at index 1 of the batch: Request.EventType is null or blank.",
                refused.path("payload").path("errorMessage").asText(), refused::toString);
        assertEquals(PUBLISH_BATCH, refused.path("payload").path("origin").asText());
        assertEquals(200, accepted.path("status").asInt(), accepted::toString);
        eventually().until(() -> dashboard.messages(topic).size() >= 3);
        // nothing of the refused batch was accepted: the accepted one's events are the first the topic got
        assertEquals(List.of("b1", "b2", "b3"), eventPayloads(dashboard.messages(topic)));
        final JsonNode empty = sensor.request(PUBLISH_BATCH, SENSOR, List.of(), null);
        assertEquals("The batch is empty: publish at least one event.",
                empty.path("payload").path("errorMessage").asText(), empty::toString);
    }

    @Test
    void anMqttSubscriberUnsubscribedOverMqttGetsNoMore() {
        final String type = fiveName("doorAlarm");
        final String topic = subscribeOverMqtt(type);
        final Map<String, String> params = Map.of("event_type", type, "system_name", "AlarmDashboard",
                "address", "127.0.0.1", "port", "9500");
        assertEquals(200, sensor.request(PUBLISH, SENSOR, sensorEvent(type, "u1"), null).path("status").asInt());
        eventually().until(() -> dashboard.messages(topic).size() >= 1);

        final JsonNode blank = dashboard.request(UNSUBSCRIBE, DASHBOARD, null, Map.of("event_type", type));
        final JsonNode removed = dashboard.request(UNSUBSCRIBE, DASHBOARD, null, params);

        assertEquals(400, blank.path("status").asInt(), blank::toString);
        assertEquals("Name of the subscriber system is blank", blank.path("payload").path("errorMessage").asText());
        assertEquals(200, removed.path("status").asInt(), removed::toString);
        try (SseTestClient witness = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + type,
                "Authorization: Bearer " + DASHBOARD)) {
            assertEquals(200, witness.status(), witness::errorBody);
            assertEquals(200, sensor.request(PUBLISH, SENSOR, sensorEvent(type, "u2"), null).path("status").asInt());
            eventually().until(() -> witness.payloads().contains("u2"));
        }
        assertEquals(List.of("u1"), eventPayloads(dashboard.messages(topic)));
    }

    @Test
    void theServicesAreRegisteredWithTheirMqttInterfaces() {
        eventually().atMost(Duration.ofSeconds(30)).until(() -> registry.instances().size() == 2);
        final ServiceInstanceInterfaceRequestDTO publish = registry.instances().get("EventHandler|eventPublish|1.0.0")
                .interfaces().stream().filter(i -> i.templateName().equals("generic_mqtt")).findFirst().orElseThrow();
        assertEquals("tcp", publish.protocol());
        assertEquals(List.of("127.0.0.1"), publish.properties().get("accessAddresses"));
        assertEquals(mosquitto.port(), publish.properties().get("accessPort"));
        assertEquals("arrowhead/event-handler/event-publish/", publish.properties().get("baseTopic"));
        assertEquals(List.of("publish", "publish-batch"), publish.properties().get("operations"));
        final ServiceInstanceInterfaceRequestDTO subscribe = registry.instances()
                .get("EventHandler|eventSubscribe|1.0.0").interfaces().stream()
                .filter(i -> i.templateName().equals("generic_mqtt")).findFirst().orElseThrow();
        assertEquals("arrowhead/event-handler/event-subscribe/", subscribe.properties().get("baseTopic"));
        assertEquals(List.of("subscribe", "unsubscribe"), subscribe.properties().get("operations"));
    }
}
