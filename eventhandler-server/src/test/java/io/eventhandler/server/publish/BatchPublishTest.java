package io.eventhandler.server.publish;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /eventhandler/publish/batch} over real HTTP: a batch reaches SSE subscribers in array order with
 * consecutive numbers per topic; a batch with one invalid event, an empty one, one over the limit, a body that is not
 * an array or another method is refused with an {@code ErrorMessageDTO}, and nothing of a refused batch is accepted.
 */
class BatchPublishTest {

    private static final int MAX_EVENTS = 10;
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.PUBLISH_BATCH_MAX.key(), Integer.toString(MAX_EVENTS)));
    private static final EhHttp http = server.http();

    private static HttpResponse<String> publishBatch(final String body) {
        return http.request("POST", ORIGIN, "application/json", body);
    }

    private static List<Long> oneTo(final long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    @Test
    void aBatchOnTwoTopicsReachesSubscribersInOrderWithConsecutiveNumbers() {
        final String a = uniqueTopic("batch-a");
        final String b = uniqueTopic("batch-b");
        try (SseTestClient onA = SseTestClient.open(server.baseUri(), a);
             SseTestClient onB = SseTestClient.open(server.baseUri(), b)) {
            final List<Map<String, Object>> batch = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                batch.add(Requests.event(a, "a" + i));
                batch.add(Requests.event(b, "b" + i));
            }
            EhHttp.assertOkEmpty(publishBatch(json(batch)));
            EhHttp.assertOkEmpty(publishBatch(json(List.of(Requests.event(a, "a5"), Requests.event(b, "b5")))));

            eventually().until(() -> onA.ids().size() >= 5 && onB.ids().size() >= 5);
            assertEquals(oneTo(5), onA.ids());
            assertEquals(oneTo(5), onB.ids());
            assertEquals(List.of("a1", "a2", "a3", "a4", "a5"), onA.payloads());
            assertEquals(List.of("b1", "b2", "b3", "b4", "b5"), onB.payloads());
        }
        assertEquals(5, http.statistics().topic(a).accepted());
    }

    @Test
    void anInvalidEventRefusesTheWholeBatchNamingItsIndex() {
        final String topic = uniqueTopic("batch-invalid");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            final List<Map<String, Object>> batch = new ArrayList<>();
            IntStream.range(0, 5).forEach(i -> batch.add(Requests.event(topic, "refused" + i)));
            batch.get(2).remove("eventType");
            Requests.assertError(publishBatch(json(batch)), 400, ExceptionType.BAD_PAYLOAD, ORIGIN,
                    "Event at index 2 of the batch: Request.EventType is null or blank.");

            // a marker published afterwards is the topic's first event: nothing of the batch was accepted
            http.publishOk(topic, "marker");
            eventually().until(() -> !sse.ids().isEmpty());
            assertEquals(List.of(1L), sse.ids());
            assertEquals(List.of("marker"), sse.payloads());
        }
        assertEquals(1, http.statistics().topic(topic).accepted());
    }

    @Test
    void malformedJsonInAnEventNamesItsIndex() {
        final String topic = uniqueTopic("batch-malformed");
        final String body = "[" + json(Requests.event(topic, "x")) + ", {\"eventType\": }]";
        final HttpResponse<String> response = publishBatch(body);
        assertEquals(400, response.statusCode(), response::body);
        assertTrue(EhHttp.error(response).errorMessage().startsWith("Event at index 1 of the batch: "),
                response::body);
        assertTrue(http.statistics().topics().stream().noneMatch(t -> t.topic().equalsIgnoreCase(topic)));
    }

    @Test
    void anEmptyBatchIsRefused() {
        Requests.assertError(publishBatch("[]"), 400, ExceptionType.BAD_PAYLOAD, ORIGIN,
                "The batch is empty: publish at least one event.");
    }

    @Test
    void aBatchOverTheLimitIsRefused() {
        final String topic = uniqueTopic("batch-over");
        final List<Map<String, Object>> batch = new ArrayList<>();
        IntStream.rangeClosed(0, MAX_EVENTS).forEach(i -> batch.add(Requests.event(topic, "e" + i)));
        Requests.assertError(publishBatch(json(batch)), 413, ExceptionType.BAD_PAYLOAD, ORIGIN,
                "The batch has more than " + MAX_EVENTS + " events (eh.publish.batch.max); split it.");
        assertTrue(http.statistics().topics().stream().noneMatch(t -> t.topic().equalsIgnoreCase(topic)));
        // exactly the limit passes
        EhHttp.assertOkEmpty(publishBatch(json(batch.subList(0, MAX_EVENTS))));
        assertEquals(MAX_EVENTS, http.statistics().topic(topic).accepted());
    }

    @Test
    void aBodyThatIsNotAnArrayIsRefused() {
        final String notAnArray = "A batch publish is a JSON array of event publish requests.";
        Requests.assertError(publishBatch(json(Requests.event(uniqueTopic("single"), "x"))), 400,
                ExceptionType.BAD_PAYLOAD, ORIGIN, notAnArray);
        Requests.assertError(publishBatch(""), 400, ExceptionType.BAD_PAYLOAD, ORIGIN, notAnArray);
        Requests.assertError(publishBatch("[] []"), 400, ExceptionType.BAD_PAYLOAD, ORIGIN,
                "Content after the batch's JSON array.");
    }

    @Test
    void otherMethodsAndMediaTypesAreRefused() {
        final HttpResponse<String> get = http.get(ORIGIN);
        Requests.assertError(get, 405, ExceptionType.BAD_PAYLOAD, ORIGIN, "HTTP 405 Method Not Allowed");
        assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
        Requests.assertError(http.request("PUT", ORIGIN, "application/json", "[]"), 405,
                ExceptionType.BAD_PAYLOAD, ORIGIN, "HTTP 405 Method Not Allowed");
        Requests.assertError(http.request("POST", ORIGIN, "text/plain", "[]"), 415, ExceptionType.BAD_PAYLOAD,
                ORIGIN, "Content-Type: application/json is required for this request body.");
    }

    @Test
    void aDurableAcknowledgementIsRefusedForBatches() {
        final String topic = uniqueTopic("batch-durable");
        final HttpResponse<String> response = http.request("POST", ORIGIN, "application/json",
                json(List.of(Requests.event(topic, "x"))), EventHandlerApi.DURABLE_HEADER, "true");
        Requests.assertError(response, 400, ExceptionType.BAD_PAYLOAD, ORIGIN,
                "Eh-Durable: true is not supported for batches; publish singly for a durable acknowledgement.");
        assertTrue(http.statistics().topics().stream().noneMatch(t -> t.topic().equalsIgnoreCase(topic)));
    }

    @Test
    void theAnswerCarriesTheLargestRetentionOfTheBatchsTopics() {
        final String small = uniqueTopic("batch-retained");
        final String large = uniqueTopic("batch-retained");
        for (final String[] qos : new String[][] {{small, "2"}, {large, "4"}}) {
            final HttpResponse<String> put = http.request("PUT", "/eventhandler/mgmt/qos/topics/" + qos[0],
                    "application/json", "{\"periodMs\": 100, \"deadlineMs\": 1000, \"retention\": " + qos[1] + "}");
            assertEquals(200, put.statusCode(), put::body);
        }
        final HttpResponse<String> response = publishBatch(json(List.of(Requests.event(small, "1"),
                Requests.event(large, "2"), Requests.event(uniqueTopic("batch-plain"), "3"))));
        EhHttp.assertOkEmpty(response);
        assertEquals("4", response.headers().firstValue(EventHandlerApi.RETENTION_HEADER).orElse("absent"));
    }
}
