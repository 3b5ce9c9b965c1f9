package io.eventhandler.server.publish;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.eventhandler.api.ExceptionType.BAD_PAYLOAD;
import static io.eventhandler.api.ExceptionType.INVALID_PARAMETER;
import static io.eventhandler.server.testing.EhHttp.PUBLISH_PATH;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static io.eventhandler.server.testing.Requests.assertError;
import static io.eventhandler.server.testing.Requests.event;
import static io.eventhandler.server.testing.Requests.nested;
import static io.eventhandler.server.testing.Requests.system;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Arrowhead 4.6's validation of {@code POST /eventhandler/publish} (reference §1.4, controller and service layers):
 * status, exception type, error code, origin and the exact message of every rule; and that a rejected event reaches
 * nobody.
 */
class PublishValidationTest {

    private static final int TOLERANCE_SECONDS = 120;
    /** What the bad-timestamp message says to send instead (no exception class name, unlike the stock text). */
    private static final String HINT = "; send an ISO-8601 instant with its zone, e.g. 2024-03-19T10:31:17Z.";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.TIME_STAMP_TOLERANCE_SECONDS.key(),
            Integer.toString(TOLERANCE_SECONDS)));
    private static final EhHttp http = server.http();

    private static HttpResponse<String> post(final Object body) {
        return http.request("POST", PUBLISH_PATH, "application/json", json(body));
    }

    private static void assertRejected(final HttpResponse<String> response, final ExceptionType type,
                                       final String message) {
        assertError(response, 400, type, PUBLISH_PATH, message);
    }

    private static Arguments rule(final String name, final Consumer<Map<String, Object>> change,
                                  final ExceptionType type, final String message) {
        return arguments(name, change, type, message);
    }

    static Stream<Arguments> rules() {
        final String systemNull = "System is null.";
        final String nameBlank = "System name is null or blank.";
        final String addressBlank = "System address is null or blank.";
        final String eventTypeBlank = "Request.EventType is null or blank.";
        final String payloadBlank = "Request.Payload is null or blank.";
        return Stream.of(
                rule("source missing", e -> e.remove("source"), BAD_PAYLOAD, systemNull),
                rule("source null", e -> e.put("source", null), BAD_PAYLOAD, systemNull),
                rule("systemName missing", e -> nested(e, "source").remove("systemName"), BAD_PAYLOAD, nameBlank),
                rule("systemName empty", e -> nested(e, "source").put("systemName", ""), BAD_PAYLOAD, nameBlank),
                rule("systemName blank", e -> nested(e, "source").put("systemName", " \t "), BAD_PAYLOAD,
                        nameBlank),
                rule("address null", e -> nested(e, "source").put("address", null), BAD_PAYLOAD, addressBlank),
                rule("address blank", e -> nested(e, "source").put("address", "  "), BAD_PAYLOAD, addressBlank),
                rule("port null", e -> nested(e, "source").put("port", null), BAD_PAYLOAD, "System port is null."),
                rule("port missing", e -> nested(e, "source").remove("port"), BAD_PAYLOAD, "System port is null."),
                rule("port -1", e -> nested(e, "source").put("port", -1), BAD_PAYLOAD,
                        "System port must be between 0 and 65535."),
                rule("port 65536", e -> nested(e, "source").put("port", 65536), BAD_PAYLOAD,
                        "System port must be between 0 and 65535."),
                rule("port 0 (service layer)", e -> nested(e, "source").put("port", 0), INVALID_PARAMETER,
                        "System port is less than one."),
                rule("eventType missing", e -> e.remove("eventType"), BAD_PAYLOAD, eventTypeBlank),
                rule("eventType empty", e -> e.put("eventType", ""), BAD_PAYLOAD, eventTypeBlank),
                rule("eventType blank", e -> e.put("eventType", "   "), BAD_PAYLOAD, eventTypeBlank),
                rule("payload missing", e -> e.remove("payload"), BAD_PAYLOAD, payloadBlank),
                rule("payload empty", e -> e.put("payload", ""), BAD_PAYLOAD, payloadBlank),
                rule("payload blank", e -> e.put("payload", "\n "), BAD_PAYLOAD, payloadBlank),
                rule("timeStamp not a date", e -> e.put("timeStamp", "yesterday"), BAD_PAYLOAD,
                        "Request.TimeStamp is in wrong format. Text 'yesterday' could not be parsed at index 0" + HINT),
                rule("timeStamp in the ReadMe's format", e -> e.put("timeStamp", "2024-03-19 10:31:17"),
                        BAD_PAYLOAD, "Request.TimeStamp is in wrong format. "
                                + "Text '2024-03-19 10:31:17' could not be parsed at index 10" + HINT),
                rule("timeStamp without zone", e -> e.put("timeStamp", "2024-03-19T10:31:17"), BAD_PAYLOAD,
                        "Request.TimeStamp is in wrong format. "
                                + "Text '2024-03-19T10:31:17' could not be parsed at index 19" + HINT),
                rule("timeStamp epoch seconds", e -> e.put("timeStamp", "1710844277"), BAD_PAYLOAD,
                        "Request.TimeStamp is in wrong format. "
                                + "Text '1710844277' could not be parsed at index 0" + HINT),
                rule("timeStamp beyond the future tolerance",
                        e -> e.put("timeStamp", now().plusSeconds(TOLERANCE_SECONDS + 60).toString()), BAD_PAYLOAD,
                        "Request.TimeStamp is further in the future than the tolerated time difference"),
                rule("timeStamp beyond the past tolerance",
                        e -> e.put("timeStamp", now().minusSeconds(TOLERANCE_SECONDS + 60).toString()), BAD_PAYLOAD,
                        "Request.TimeStamp is further in the past than the tolerated time difference"),
                rule("timeStamp in year 300000", e -> e.put("timeStamp", "+300000-01-01T00:00:00Z"), BAD_PAYLOAD,
                        "Request.TimeStamp is further in the future than the tolerated time difference"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void everyRuleAnswersWithArrowheadsError(final String name, final Consumer<Map<String, Object>> change,
                                             final ExceptionType type, final String message) {
        final Map<String, Object> event = event(uniqueTopic("rule"), "p");
        change.accept(event);
        assertRejected(post(event), type, message);
    }

    @Test
    void aNullRequestIsRejected() {
        assertRejected(http.request("POST", PUBLISH_PATH, "application/json", "null"), BAD_PAYLOAD,
                "Request is null.");
    }

    /** Arrowhead's order: source (controller), event type, payload, time stamp, then the source port (service). */
    @Test
    void theFirstProblemInArrowheadsOrderIsReported() {
        final Map<String, Object> event = event("", "");
        event.put("source", system("", "", null));
        event.put("timeStamp", "bad");
        assertRejected(post(event), BAD_PAYLOAD, "System name is null or blank.");

        nested(event, "source").put("systemName", "pub");
        assertRejected(post(event), BAD_PAYLOAD, "System address is null or blank.");

        nested(event, "source").put("address", "127.0.0.1");
        assertRejected(post(event), BAD_PAYLOAD, "System port is null.");

        nested(event, "source").put("port", 0);
        assertRejected(post(event), BAD_PAYLOAD, "Request.EventType is null or blank.");

        event.put("eventType", uniqueTopic("order"));
        assertRejected(post(event), BAD_PAYLOAD, "Request.Payload is null or blank.");

        event.put("payload", "p");
        assertRejected(post(event), BAD_PAYLOAD, "Request.TimeStamp is in wrong format. "
                + "Text 'bad' could not be parsed at index 0" + HINT);

        event.put("timeStamp", null);
        assertRejected(post(event), INVALID_PARAMETER, "System port is less than one.");

        nested(event, "source").put("port", 1);
        EhHttp.assertOkEmpty(post(event));
    }

    @ParameterizedTest(name = "port {0}")
    @ValueSource(ints = {1, 65535})
    void thePortRangeIsInclusive(final int port) {
        final Map<String, Object> event = event(uniqueTopic("port"), "p");
        nested(event, "source").put("port", port);
        EhHttp.assertOkEmpty(post(event));
    }

    @Test
    void stampsWithinTheToleranceAndWithFractionsAreAccepted() {
        for (final Instant stamp : List.of(now().minusSeconds(TOLERANCE_SECONDS - 30),
                now().plusSeconds(TOLERANCE_SECONDS - 30), now().plusNanos(123_456_000))) {
            final Map<String, Object> event = event(uniqueTopic("stamp"), "p");
            event.put("timeStamp", stamp.toString());
            EhHttp.assertOkEmpty(post(event));
        }
    }

    /** An empty or blank time stamp is filled with the current time, as Arrowhead's controller does. */
    @ParameterizedTest(name = "timeStamp \"{0}\"")
    @ValueSource(strings = {"", "   "})
    void aBlankTimeStampIsFilledWithTheCurrentTime(final String blank) {
        final String topic = uniqueTopic("blank-stamp");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            final Instant before = now();
            final Map<String, Object> event = event(topic, "stamped");
            event.put("timeStamp", blank);
            EhHttp.assertOkEmpty(post(event));
            eventually().until(() -> sse.events().size() == 1);
            final Instant stamped = Instant.parse(sse.events().get(0).timeStamp());
            assertTrue(!stamped.isBefore(before) && !stamped.isAfter(now()), stamped::toString);
        }
    }

    /** A rejected event is not delivered and takes no sequence number: the next valid event is number 1. */
    @Test
    void aRejectedEventReachesNobody() {
        final String topic = uniqueTopic("rejected");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            final Map<String, Object> stale = event(topic, "stale");
            stale.put("timeStamp", now().minusSeconds(TOLERANCE_SECONDS + 60).toString());
            assertRejected(post(stale), BAD_PAYLOAD,
                    "Request.TimeStamp is further in the past than the tolerated time difference");
            final Map<String, Object> portZero = event(topic, "port-zero");
            nested(portZero, "source").put("port", 0);
            assertRejected(post(portZero), INVALID_PARAMETER, "System port is less than one.");

            final String stamp = now().toString();
            final Map<String, Object> valid = event(topic, "valid");
            valid.put("timeStamp", stamp);
            EhHttp.assertOkEmpty(post(valid));
            eventually().until(() -> !sse.events().isEmpty());
            assertEquals(List.of(1L), sse.ids());
            assertEquals(List.of(new EventDTO(topic, null, "valid", stamp)), sse.events());
            assertEquals(1, http.statistics().topic(topic).accepted());
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
