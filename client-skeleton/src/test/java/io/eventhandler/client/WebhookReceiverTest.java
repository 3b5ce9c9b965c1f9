package io.eventhandler.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.ExceptionType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WebhookReceiverTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<ReceivedEvent> events = new CopyOnWriteArrayList<>();
    private final AtomicBoolean failListener = new AtomicBoolean();
    private final WebhookReceiver receiver = WebhookReceiver.start("127.0.0.1", 0, "/notify/temperature", event -> {
        if (failListener.get()) {
            throw new IllegalStateException("listener refuses");
        }
        events.add(event);
    });

    @AfterEach
    void close() {
        receiver.close();
    }

    private HttpResponse<String> send(final String method, final String path, final String body,
                                      final Map<String, String> headers) throws Exception {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + receiver.port() + path))
                .timeout(Duration.ofSeconds(5))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void deliveryIsParsedWithSequenceAndAnswered200() throws Exception {
        final HttpResponse<String> response = send("POST", "/notify/temperature",
                "{\"eventType\":\"temperature\",\"metaData\":{\"unit\":\"celsius\"},\"payload\":\"21.5\","
                        + "\"timeStamp\":\"2024-03-19T10:31:17.123456Z\",\"extra\":true}",
                Map.of("X-Event-Sequence", "7"));

        assertEquals(200, response.statusCode());
        assertEquals(1, receiver.received());
        assertEquals(1, events.size());
        final ReceivedEvent event = events.get(0);
        assertEquals(7, event.sequence());
        assertEquals(new EventDTO("temperature", Map.of("unit", "celsius"), "21.5", "2024-03-19T10:31:17.123456Z"),
                event.event());
        assertTrue(event.receivedEpochMicros() > event.createdEpochMicros());
    }

    @Test
    void deliveryWithoutSequenceHeaderHasUnknownSequence() throws Exception {
        assertEquals(200, send("POST", "/notify/temperature", "{\"eventType\":\"T\",\"payload\":\"p\"}", Map.of()).statusCode());
        assertEquals(200, send("POST", "/notify/temperature", "{\"eventType\":\"T\",\"payload\":\"p\"}",
                Map.of("X-Event-Sequence", "abc")).statusCode());

        assertEquals(List.of(ReceivedEvent.UNKNOWN_SEQUENCE, ReceivedEvent.UNKNOWN_SEQUENCE),
                events.stream().map(ReceivedEvent::sequence).toList());
    }

    @Test
    void badBodyIsAnswered400WithErrorMessage() throws Exception {
        final HttpResponse<String> response = send("POST", "/notify/temperature", "not json", Map.of());

        assertEquals(400, response.statusCode());
        final ErrorMessageDTO error = WireJson.ERROR_READER.readValue(response.body());
        assertEquals(ExceptionType.BAD_PAYLOAD, error.exceptionType());
        assertEquals(400, error.errorCode());
        assertEquals("/notify/temperature", error.origin());
        assertEquals(0, receiver.received());
        assertEquals(1, receiver.rejected());
        assertTrue(events.isEmpty());
    }

    @Test
    void otherPathsAndMethodsAreRefused() throws Exception {
        assertEquals(404, send("POST", "/notify/temperature/more", "{\"payload\":\"p\"}", Map.of()).statusCode());
        assertEquals(405, send("GET", "/notify/temperature", null, Map.of()).statusCode());
        assertTrue(events.isEmpty());
    }

    @Test
    void failingListenerGets500SoTheServerRetries() throws Exception {
        failListener.set(true);
        assertEquals(500, send("POST", "/notify/temperature", "{\"eventType\":\"T\",\"payload\":\"p\"}", Map.of()).statusCode());
        assertEquals(0, receiver.received());

        failListener.set(false);
        assertEquals(200, send("POST", "/notify/temperature", "{\"eventType\":\"T\",\"payload\":\"p\"}", Map.of()).statusCode());
        assertEquals(1, receiver.received());
    }

    @Test
    void aCopyOfAResentEventIsAnswered200WithoutReachingTheListener() throws Exception {
        final String first = "{\"eventType\":\"T\",\"metaData\":{\"eh-origin\":\"o-1\",\"eh-seq\":\"1\"},\"payload\":\"a\"}";
        final String second = "{\"eventType\":\"t\",\"metaData\":{\"eh-origin\":\"o-1\",\"eh-seq\":\"2\"},\"payload\":\"b\"}";
        assertEquals(200, send("POST", "/notify/temperature", first, Map.of("X-Event-Sequence", "1")).statusCode());
        assertEquals(200, send("POST", "/notify/temperature", second, Map.of("X-Event-Sequence", "2")).statusCode());
        assertEquals(200, send("POST", "/notify/temperature", first, Map.of("X-Event-Sequence", "3")).statusCode());

        assertEquals(List.of("a", "b"), events.stream().map(e -> e.event().payload()).toList());
        assertEquals(2, receiver.received());
        assertEquals(1, receiver.duplicatesDropped());
        assertEquals(0, receiver.rejected());
    }

    @Test
    void aStampedEventWhoseListenerFailedIsDeliveredOnTheRetry() throws Exception {
        final String event = "{\"eventType\":\"T\",\"metaData\":{\"eh-origin\":\"o-2\",\"eh-seq\":\"1\"},\"payload\":\"a\"}";
        failListener.set(true);
        assertEquals(500, send("POST", "/notify/temperature", event, Map.of()).statusCode());

        failListener.set(false);
        assertEquals(200, send("POST", "/notify/temperature", event, Map.of()).statusCode());
        assertEquals(1, events.size());
        assertEquals(0, receiver.duplicatesDropped());
    }

    @Test
    void concurrentDeliveriesAreAllReceived() {
        final int n = 200;
        final List<CompletableFuture<HttpResponse<Void>>> sent = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            final HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + receiver.port() + "/notify/temperature"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"eventType\":\"T\",\"payload\":\"" + i + "\"}"))
                    .header("X-Event-Sequence", Integer.toString(i))
                    .build();
            sent.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding()));
        }

        // every send answered (a failed connect says so here, rather than as a count that never arrives)
        for (final CompletableFuture<HttpResponse<Void>> answer : sent) {
            assertEquals(200, answer.join().statusCode());
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.received() == n);
        assertEquals(n, events.stream().mapToLong(ReceivedEvent::sequence).distinct().count());
    }
}
