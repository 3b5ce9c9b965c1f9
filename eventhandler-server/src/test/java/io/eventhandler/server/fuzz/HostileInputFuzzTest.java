package io.eventhandler.server.fuzz;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SubscriptionListResponseDTO;
import io.eventhandler.api.SubscriptionResponseDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.SseTestClient;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.BeforeProperty;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Property-based fuzzing of every endpoint of a real Event Handler over loopback HTTP: JSON bodies (mutated valid
 * documents, random JSON, wrong types, deep and huge values, broken UTF-8), query parameters and headers. Every
 * request must be answered below 500 within the read timeout, every error as an {@code ErrorMessageDTO}, nothing may
 * be logged at WARN or ERROR for these client mistakes, and after each property a published event still reaches an
 * SSE subscriber. Inputs per property: {@code jqwik.tries.default} (250 in junit-platform.properties; a benchmark
 * run passes {@code -Djqwik.tries.default=N}, see docs/benchmarks.md).
 */
class HostileInputFuzzTest {

    private static final String BASE = EventHandlerApi.BASE_PATH;
    private static final String JSON = "Content-Type: application/json";
    private static final List<String> PATHS = List.of(BASE + EventHandlerApi.PUBLISH,
            BASE + EventHandlerApi.SUBSCRIBE, BASE + EventHandlerApi.UNSUBSCRIBE, BASE + EventHandlerApi.ECHO,
            BASE + EventHandlerApi.SUBSCRIPTION, BASE + EventHandlerApi.PUBLISH_AUTH_UPDATE,
            BASE + EventHandlerApi.MGMT_SUBSCRIPTIONS, BASE + EventHandlerApi.MGMT_SUBSCRIPTIONS + "/1",
            BASE + EventHandlerApi.STATISTICS, BASE + "/mgmt/engine/graph", BASE + "/mgmt/engine/statistics",
            BASE + "/mgmt/qos", BASE + "/mgmt/qos/topics/FUZZ-QOS", BASE + "/mgmt/delivery",
            "/", "/eventhandler", "/%", "/eventhandler/../eventhandler/echo", "//eventhandler//echo");
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "OPTIONS", "PATCH",
            "TRACE", "BREW");
    private static final List<String> HEADER_NAMES = List.of("Content-Type", "Accept", "eventtype",
            "Last-Event-ID", "Expect", "Connection", "Origin", "Authorization", "Cookie", "Range", "Content-Encoding",
            "Accept-Encoding", "Accept-Charset", "X-Forwarded-For", "If-None-Match");
    private static final String EMPTY_GRAPH = "{\"operators\": []}";

    private static EventHandlerServer server;
    private static FuzzClient client;
    private static EhHttp http;

    private LogCapture log;

    @BeforeContainer
    static void startServer() {
        server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:fuzz-" + UUID.randomUUID())));
        client = new FuzzClient(server.baseUri(), server.configuration().limits().maxBodyBytes(),
                server.configuration().limits().maxHeaderBytes());
        http = new EhHttp(server.baseUri());
    }

    @AfterContainer
    static void stopServer() {
        server.close();
    }

    @BeforeProperty
    void captureLog() {
        log = LogCapture.start();
    }

    /** Nothing was logged as a problem, and the service still works end to end. */
    @AfterProperty
    void serviceIsHealthyAndLogClean() {
        try {
            removeSubscriptions();
            assertEquals(200, http.request("PUT", BASE + "/mgmt/engine/graph", "application/json", EMPTY_GRAPH)
                    .statusCode(), "the operator graph can be reset");
            final String topic = uniqueTopic("fuzz-health");
            try (SseTestClient subscriber = SseTestClient.open(server.baseUri(), topic)) {
                assertEquals(200, subscriber.status());
                http.publishOk(topic, "still alive");
                eventually().until(() -> subscriber.payloads().contains("still alive"));
            }
            assertEquals(List.of(), log.warningsAndErrors(), "logged at WARN or ERROR for client mistakes");
        } finally {
            log.close();
        }
    }

    /**
     * The webhook subscriptions the fuzz made are removed: a later property may publish to one of their (random)
     * event types, and the failing deliveries to their unreachable subscribers are rightly logged as warnings.
     */
    private static void removeSubscriptions() {
        final String list = BASE + EventHandlerApi.MGMT_SUBSCRIPTIONS;
        List<SubscriptionResponseDTO> page;
        do {
            final HttpResponse<String> response = http.get(list + "?page=0&item_per_page=500");
            assertEquals(200, response.statusCode(), response::body);
            page = EhHttp.read(response.body(), SubscriptionListResponseDTO.class).data();
            page.forEach(subscription -> assertEquals(200,
                    http.request("DELETE", list + "/" + subscription.id(), null, null).statusCode()));
        } while (!page.isEmpty());
    }

    @Provide
    Arbitrary<Random> randoms() {
        return Arbitraries.randoms();
    }

    // -------------------------------------------------------------------------------------------------------------
    // JSON bodies

    @Property
    void publishBodies(@ForAll("randoms") final Random random) {
        post(random, "POST", BASE + EventHandlerApi.PUBLISH, publishDocument());
    }

    @Property
    void subscribeBodies(@ForAll("randoms") final Random random) {
        post(random, "POST", BASE + EventHandlerApi.SUBSCRIBE, subscriptionDocument());
    }

    @Property
    void authorizationUpdateBodies(@ForAll("randoms") final Random random) {
        final ObjectNode update = EhHttp.JSON.valueToTree(Requests.event(EventHandlerApi.SUBSCRIBER_AUTH_UPDATE,
                Integer.toString(1 + random.nextInt(5))));
        post(random, "POST", BASE + EventHandlerApi.PUBLISH_AUTH_UPDATE, update);
    }

    @Property
    void managementUpdateBodies(@ForAll("randoms") final Random random) {
        post(random, "PUT", BASE + EventHandlerApi.MGMT_SUBSCRIPTIONS + "/" + subscriptionId(random),
                subscriptionDocument());
    }

    @Property
    void engineGraphBodies(@ForAll("randoms") final Random random) {
        final ObjectNode graph = (ObjectNode) EhHttp.read("""
                {"policy": "SHED", "supplierValidityMs": {"FUZZ-IN": 1000},
                 "operators": [
                   {"id": "smooth", "type": "moving-average", "inputs": ["topic:FUZZ-IN"], "parameters": {"window": "2"}},
                   {"id": "alarm", "type": "threshold", "inputs": ["smooth"], "parameters": {"op": ">", "value": "10"},
                    "outputTopic": "FUZZ-ALARM", "priority": 5,
                    "relativeValidity": [{"inputs": ["smooth"], "intervalMs": 100}]}
                 ]}
                """, com.fasterxml.jackson.databind.JsonNode.class);
        post(random, "PUT", BASE + "/mgmt/engine/graph", graph);
    }

    @Property
    void topicQosBodies(@ForAll("randoms") final Random random) {
        final ObjectNode qos = (ObjectNode) EhHttp.read("""
                {"periodMs": 100, "deadlineMs": 100, "lossTolerance": 0, "retention": 2, "destination": "EDGE",
                 "priority": 1}
                """, com.fasterxml.jackson.databind.JsonNode.class);
        final String topic = random.nextInt(4) > 0 ? "FUZZ-QOS"
                : HostileInput.encode(random, HostileInput.oddString(random));
        post(random, "PUT", BASE + "/mgmt/qos/topics/" + topic, qos);
    }

    private static void post(final Random random, final String method, final String path, final ObjectNode valid) {
        final List<String> headers = new ArrayList<>();
        headers.add(random.nextInt(10) > 0 ? JSON : "Content-Type: " + HostileInput.headerValue(random));
        client.exchange(method, path, headers, HostileInput.body(random, valid));
    }

    private static ObjectNode publishDocument() {
        final Map<String, Object> event = Requests.event(uniqueTopic("fuzz-publish"), "21.5");
        event.put("metaData", Map.of("unit", "celsius"));
        event.put("timeStamp", Instant.now().toString());
        Requests.nested(event, "source").put("metadata", Map.of("room", "B12"));
        return EhHttp.JSON.valueToTree(event);
    }

    /** A subscriber on the discard port: its topic gets no events, so nothing is ever delivered to it. */
    private static ObjectNode subscriptionDocument() {
        final Map<String, Object> request = Requests.subscription(uniqueTopic("fuzz-subscribe"),
                Requests.system("fuzz-subscriber", "127.0.0.1", 9), "/notify");
        request.put("filterMetaData", Map.of("unit", "celsius"));
        request.put("matchMetaData", true);
        request.put("sources", List.of(Requests.system("test-publisher", "127.0.0.1", 9001)));
        request.put("requirements", Map.of("priority", 3, "deadlineMs", 500, "lossTolerance", 5));
        return EhHttp.JSON.valueToTree(request);
    }

    private static String subscriptionId(final Random random) {
        return random.nextBoolean() ? Integer.toString(random.nextInt(6))
                : HostileInput.encode(random, HostileInput.oddString(random));
    }

    // -------------------------------------------------------------------------------------------------------------
    // query parameters and path parameters

    @Property
    void unsubscribeQueries(@ForAll("randoms") final Random random) {
        client.exchange("DELETE", BASE + EventHandlerApi.UNSUBSCRIBE + HostileInput.query(random, List.of(
                        EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE, EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME,
                        EventHandlerApi.UNSUBSCRIBE_ADDRESS, EventHandlerApi.UNSUBSCRIBE_PORT)),
                List.of(), null);
    }

    @Property
    void managementQueries(@ForAll("randoms") final Random random) {
        final String list = BASE + EventHandlerApi.MGMT_SUBSCRIPTIONS;
        switch (random.nextInt(3)) {
            case 0 -> client.exchange("GET", list + HostileInput.query(random,
                    List.of("page", "item_per_page", "direction", "sort_field")), List.of(), null);
            case 1 -> client.exchange("GET", list + "/" + subscriptionId(random), List.of(), null);
            default -> client.exchange("DELETE", list + "/" + subscriptionId(random), List.of(), null);
        }
    }

    @Property
    void eventStreamRequests(@ForAll("randoms") final Random random) {
        final List<String> headers = new ArrayList<>();
        headers.add("Accept: text/event-stream");
        if (random.nextBoolean()) {
            headers.add(EventHandlerApi.EVENT_TYPE_HEADER + ": " + HostileInput.headerValue(random));
        }
        if (random.nextBoolean()) {
            headers.add(EventHandlerApi.LAST_EVENT_ID_HEADER + ": " + (random.nextBoolean()
                    ? Long.toString(random.nextLong()) : HostileInput.headerValue(random)));
        }
        final List<String> names = List.of(EventHandlerApi.EVENT_TYPE_HEADER, EventHandlerApi.EVENT_TYPE_PARAM,
                EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME, EventHandlerApi.UNSUBSCRIBE_ADDRESS,
                EventHandlerApi.UNSUBSCRIBE_PORT, EventHandlerApi.PRIORITY_PARAM, EventHandlerApi.DEADLINE_PARAM,
                EventHandlerApi.LOSS_TOLERANCE_PARAM, EventHandlerApi.LATENCY_PARAM);
        client.open(BASE + EventHandlerApi.SUBSCRIPTION + HostileInput.query(random, names), headers);
    }

    // -------------------------------------------------------------------------------------------------------------
    // headers, methods and paths

    @Property
    void headersOnEveryEndpoint(@ForAll("randoms") final Random random) {
        final String path = PATHS.get(random.nextInt(PATHS.size()));
        final String method = METHODS.get(random.nextInt(METHODS.size()));
        if (path.endsWith(EventHandlerApi.SUBSCRIPTION) && method.equals("GET")) {
            return; // an event stream that opens is never answered to its end; eventStreamRequests covers it
        }
        final List<String> headers = new ArrayList<>();
        for (int i = random.nextInt(6); i > 0; i--) {
            final String name = random.nextInt(4) > 0 ? HEADER_NAMES.get(random.nextInt(HEADER_NAMES.size()))
                    : "X-" + HostileInput.ascii(random, 1 + random.nextInt(10)).replace(':', '-');
            headers.add(name + ": " + HostileInput.headerValue(random));
        }
        if (random.nextInt(10) == 0) {
            headers.add("X-Huge: " + "h".repeat(server.configuration().limits().maxHeaderBytes()));
        }
        final byte[] body = random.nextBoolean() ? null : HostileInput.bytes(publishDocument());
        client.exchange(method, path, headers, body);
    }
}
