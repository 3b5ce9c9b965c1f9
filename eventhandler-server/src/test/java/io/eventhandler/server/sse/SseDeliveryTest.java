package io.eventhandler.server.sse;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.PUBLISHER;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Publish over REST, receive over SSE: order, ids, the EventDTO on the wire, topic matching. */
class SseDeliveryTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            StreamConfiguration.RETRY_MS.key(), "1234"));
    private static final EhHttp http = server.http();

    private static List<Long> oneTo(final long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    @Test
    void oneSubscriberGetsEveryEventInOrderWithIdsOneToN() {
        final String topic = uniqueTopic("Temp.Reading");
        final int n = 25;
        final List<EventPublishRequestDTO> published = new ArrayList<>();
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            assertEquals(200, sse.status());
            assertTrue(sse.headers().get("content-type").startsWith("text/event-stream"), sse.headers()::toString);
            final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
            for (int i = 1; i <= n; i++) {
                final EventPublishRequestDTO event = new EventPublishRequestDTO(topic, PUBLISHER,
                        Map.of("unit", "celsius", "index", Integer.toString(i)), "payload-" + i,
                        base.plusMillis(i).toString());
                published.add(event);
                http.publishOk(event);
            }
            eventually().until(() -> sse.ids().size() >= n);
            assertEquals(oneTo(n), sse.ids());
            final List<EventDTO> received = sse.events();
            for (int i = 0; i < n; i++) {
                final EventPublishRequestDTO sent = published.get(i);
                assertEquals(new EventDTO(sent.eventType(), sent.metaData(), sent.payload(), sent.timeStamp()),
                        received.get(i));
            }
            assertEquals(1234L, sse.retry(), "the configured retry hint opens the stream");
            assertTrue(sse.gaps().isEmpty());
        }
    }

    @Test
    void severalSubscribersEachGetEveryEvent() {
        final String topic = uniqueTopic("fanout");
        final int n = 40;
        final List<SseTestClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                clients.add(SseTestClient.open(server.baseUri(), topic));
            }
            for (int i = 1; i <= n; i++) {
                http.publishOk(topic, "p" + i);
            }
            final List<String> payloads = LongStream.rangeClosed(1, n).mapToObj(i -> "p" + i).toList();
            for (final SseTestClient client : clients) {
                eventually().until(() -> client.ids().size() >= n);
                assertEquals(oneTo(n), client.ids());
                assertEquals(payloads, client.payloads());
            }
            assertEquals(4, http.statistics().subscribersOf(topic).size());
        } finally {
            clients.forEach(SseTestClient::close);
        }
    }

    @Test
    void missingTimeStampIsFilledWithTheCurrentTimeAndMetaDataMayBeAbsent() {
        final String topic = uniqueTopic("stamped");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            final Instant before = Instant.now().truncatedTo(ChronoUnit.MICROS);
            http.publishOk(topic, "no-stamp");
            eventually().until(() -> sse.events().size() == 1);
            final EventDTO event = sse.events().get(0);
            assertNull(event.metaData());
            final Instant stamped = Instant.parse(event.timeStamp());
            assertTrue(!stamped.isBefore(before) && stamped.isBefore(Instant.now().plus(Duration.ofSeconds(1))),
                    event::timeStamp);
        }
    }

    @Test
    void topicsMatchIgnoringCaseAndKeepTheEventTypeAsPublished() {
        final String topic = uniqueTopic("temp");
        try (SseTestClient upper = SseTestClient.open(server.baseUri(), topic.toUpperCase());
             SseTestClient lower = SseTestClient.open(server.baseUri(), topic)) {
            http.publishOk(topic, "first");
            final String mixed = "Temp" + topic.substring(4);
            http.publishOk(mixed, "second");
            for (final SseTestClient client : List.of(upper, lower)) {
                eventually().until(() -> client.ids().size() >= 2);
                assertEquals(List.of(1L, 2L), client.ids());
                assertEquals(List.of(topic, mixed), client.events().stream().map(EventDTO::eventType).toList());
            }
        }
    }

    @Test
    void theTopicMayBeNamedByHeaderOrByEventTypeParameter() {
        final String topic = uniqueTopic("named");
        try (SseTestClient byHeader = SseTestClient.openQuery(server.baseUri(), "", "eventtype: " + topic);
             SseTestClient byParam = SseTestClient.openQuery(server.baseUri(), "?event_type=" + topic)) {
            assertEquals(200, byHeader.status());
            assertEquals(200, byParam.status());
            http.publishOk(topic, "x");
            eventually().until(() -> byHeader.ids().equals(List.of(1L)) && byParam.ids().equals(List.of(1L)));
        }
    }

    @Test
    void aStreamGetsOnlyItsOwnTopic() {
        final String mine = uniqueTopic("mine");
        final String other = uniqueTopic("other");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), mine)) {
            http.publishOk(other, "not-for-me");
            http.publishOk(mine, "for-me");
            eventually().until(() -> sse.payloads().contains("for-me"));
            assertEquals(List.of("for-me"), sse.payloads());
        }
    }

    @Test
    void aStreamWithoutEventTypeIsRefusedWithAnErrorMessage() {
        final HttpResponse<String> response = http.get("/eventhandler/subscription");
        assertEquals(400, response.statusCode());
        final ErrorMessageDTO error = EhHttp.error(response);
        assertEquals(ExceptionType.BAD_PAYLOAD, error.exceptionType());
        assertEquals(400, error.errorCode());
        assertEquals("/eventhandler/subscription", error.origin());
        assertEquals("Event type is missing: give it in the 'eventtype' header or query parameter.",
                error.errorMessage());
    }
}
