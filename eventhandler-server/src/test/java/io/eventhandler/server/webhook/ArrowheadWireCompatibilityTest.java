package io.eventhandler.server.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.arrowhead.common.dto.shared.ErrorMessageDTO;
import eu.arrowhead.common.dto.shared.EventDTO;
import eu.arrowhead.common.dto.shared.EventPublishRequestDTO;
import eu.arrowhead.common.dto.shared.SubscriptionRequestDTO;
import eu.arrowhead.common.dto.shared.SystemRequestDTO;
import eu.arrowhead.common.exception.ExceptionType;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver.Received;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static io.eventhandler.server.testing.EhHttp.assertOkEmpty;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wire compatibility with Arrowhead application systems, checked with the official DTO classes of
 * {@code ai.aitia:arrowhead-core-common-essentials-java-spring:4.4.0.2}: requests they serialize are accepted and
 * understood, what is POSTed to a webhook reads back as the official {@code EventDTO}, and error bodies read back as
 * the official {@code ErrorMessageDTO}. ({@code eu.arrowhead.common.Utilities} and the Spring HTTP helpers of that jar
 * need Spring and log4j, which are not on the classpath; the time format they use, {@code ISO_INSTANT}, is used here
 * directly.)
 */
class ArrowheadWireCompatibilityTest {

    /** How the official classes go on the wire from an Arrowhead client (Spring's Jackson, default features). */
    private static final ObjectMapper SPRING = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    /** Reading with this fails on any field the official class does not have. */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    /** {@code eu.arrowhead.common.Utilities.dateTimeFormatter}. */
    private static final DateTimeFormatter ARROWHEAD_TIME = DateTimeFormatter.ISO_INSTANT;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());
    private static final EhHttp http = server.http();

    private static String toJson(final Object official) {
        try {
            return SPRING.writeValueAsString(official);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T readStrict(final String json, final Class<T> type) {
        try {
            return STRICT.readValue(json, type);
        } catch (final JsonProcessingException e) {
            throw new AssertionError("not a " + type.getName() + ": " + json, e);
        }
    }

    private static HttpResponse<String> post(final String path, final Object official) {
        return http.request("POST", path, "application/json", toJson(official));
    }

    private static SystemRequestDTO officialSystem(final String name, final int port, final String authenticationInfo,
                                                   final Map<String, String> metadata) {
        return new SystemRequestDTO(name, "127.0.0.1", port, authenticationInfo, metadata);
    }

    /** The error body as the official client reads it, after checking it has no field the official class lacks. */
    private static ErrorMessageDTO officialError(final HttpResponse<String> response) {
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("")
                .split(";")[0].trim().toLowerCase(Locale.ROOT), response::body);
        readStrict(response.body(), ErrorMessageDTO.class);
        try {
            return SPRING.readValue(response.body(), ErrorMessageDTO.class);
        } catch (final JsonProcessingException e) {
            throw new AssertionError(response.body(), e);
        }
    }

    private static void assertError(final HttpResponse<String> response, final int status, final ExceptionType type,
                                    final String message, final String origin) {
        assertEquals(status, response.statusCode(), response::body);
        final ErrorMessageDTO error = officialError(response);
        assertEquals(type, error.getExceptionType());
        assertEquals(status, error.getErrorCode());
        assertEquals(message, error.getErrorMessage());
        assertEquals(origin, error.getOrigin());
    }

    @Test
    void officialRequestsAreAcceptedAndUnderstoodAndTheWebhookBodyIsTheOfficialEventDto() {
        final String topic = uniqueTopic("official.temperature");
        final Instant now = Instant.now();
        final SystemRequestDTO publisher = officialSystem("thermometer", 9410, "cHVibGljLWtleQ==",
                Map.of("building", "b1"));
        final SystemRequestDTO other = officialSystem("other-thermometer", 9411, null, null);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            final SystemRequestDTO subscriber = officialSystem("consumer", receiver.port(), null,
                    Map.of("role", "display"));
            // As the Arrowhead subscriber skeleton does: event type upper-cased, notify URI under /notify.
            final SubscriptionRequestDTO subscription = new SubscriptionRequestDTO(topic.toUpperCase(Locale.ROOT),
                    subscriber, Map.of("unit", "celsius"), "/notify/temperature", true,
                    ARROWHEAD_TIME.format(now.minusSeconds(60)), ARROWHEAD_TIME.format(now.plus(Duration.ofHours(1))),
                    Set.of(publisher));
            final JsonNode subscriptionJson = SPRING.valueToTree(subscription);
            assertTrue(subscriptionJson.get("matchMetaData").asBoolean(), subscriptionJson::toString);
            assertOkEmpty(post(EhHttp.SUBSCRIBE_PATH, subscription));

            final EventPublishRequestDTO wrongSource = new EventPublishRequestDTO(topic, other,
                    Map.of("unit", "celsius"), "from-another-source", ARROWHEAD_TIME.format(now));
            final EventPublishRequestDTO wrongMetaData = new EventPublishRequestDTO(topic, publisher,
                    Map.of("unit", "kelvin"), "other-unit", ARROWHEAD_TIME.format(now));
            final EventPublishRequestDTO matching = new EventPublishRequestDTO(topic, publisher,
                    Map.of("unit", "celsius", "sensor", "t-1"), "{\"value\":21.5}",
                    ARROWHEAD_TIME.format(now.truncatedTo(ChronoUnit.SECONDS)));
            assertOkEmpty(post(EhHttp.PUBLISH_PATH, wrongSource));
            assertOkEmpty(post(EhHttp.PUBLISH_PATH, wrongMetaData));
            assertOkEmpty(post(EhHttp.PUBLISH_PATH, matching));

            eventually().until(() -> !receiver.requests().isEmpty());
            final Received request = receiver.requests().get(0);
            assertEquals("POST", request.method());
            assertEquals("/notify/temperature", request.path());
            assertTrue(request.headers().get("content-type").startsWith("application/json"),
                    request.headers()::toString);
            final EventDTO received = readStrict(request.body(), EventDTO.class);
            assertEquals(matching.getEventType(), received.getEventType());
            assertEquals(matching.getMetaData(), received.getMetaData());
            assertEquals(matching.getPayload(), received.getPayload());
            assertEquals(matching.getTimeStamp(), received.getTimeStamp());

            // Only the matching event came: the official field names (sources, filterMetaData, ...) were applied.
            final EventPublishRequestDTO marker = new EventPublishRequestDTO(topic, publisher,
                    Map.of("unit", "celsius"), "marker", null);
            assertOkEmpty(post(EhHttp.PUBLISH_PATH, marker));
            eventually().until(() -> receiver.requests().size() >= 2);
            assertEquals(2, receiver.requests().size());
            assertEquals("marker", readStrict(receiver.requests().get(1).body(), EventDTO.class).getPayload());
        }
    }

    @Test
    void anEventStampedByTheEventHandlerHasATimeStampArrowheadParses() {
        final String topic = uniqueTopic("official.unstamped");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            assertOkEmpty(post(EhHttp.SUBSCRIBE_PATH, new SubscriptionRequestDTO(topic,
                    officialSystem("unstamped-consumer", receiver.port(), null, null), null, "/notify", false,
                    null, null, null)));
            final Instant before = Instant.now().truncatedTo(ChronoUnit.MICROS);
            assertOkEmpty(post(EhHttp.PUBLISH_PATH, new EventPublishRequestDTO(topic,
                    officialSystem("unstamped-publisher", 9420, null, null), null, "no-stamp", null)));
            eventually().until(() -> !receiver.requests().isEmpty());
            final EventDTO received = readStrict(receiver.requests().get(0).body(), EventDTO.class);
            assertEquals(topic, received.getEventType());
            assertEquals("no-stamp", received.getPayload());
            assertNull(received.getMetaData());
            final Instant stamped = Instant.from(ARROWHEAD_TIME.parse(received.getTimeStamp()));
            assertFalse(stamped.isBefore(before), received::getTimeStamp);
            assertTrue(stamped.isBefore(Instant.now().plusSeconds(1)), received::getTimeStamp);
        }
    }

    @Test
    void validationErrorsReadBackAsTheOfficialErrorMessageDto() {
        final String topic = uniqueTopic("official.errors");
        final SystemRequestDTO system = officialSystem("error-system", 9430, null, null);

        assertError(post(EhHttp.PUBLISH_PATH, new EventPublishRequestDTO(topic, system, null, null, null)),
                400, ExceptionType.BAD_PAYLOAD, "Request.Payload is null or blank.", "/eventhandler/publish");
        assertError(post(EhHttp.PUBLISH_PATH, new EventPublishRequestDTO(topic, system, null, "x",
                        ARROWHEAD_TIME.format(Instant.now().plus(Duration.ofHours(1))))),
                400, ExceptionType.BAD_PAYLOAD,
                "Request.TimeStamp is further in the future than the tolerated time difference",
                "/eventhandler/publish");
        assertError(post(EhHttp.SUBSCRIBE_PATH, new SubscriptionRequestDTO(topic,
                        officialSystem("error-system", 0, null, null), null, "/notify", false, null, null, null)),
                400, ExceptionType.INVALID_PARAMETER, "System port is less than one.", "/eventhandler/subscribe");
        assertError(post(EhHttp.SUBSCRIBE_PATH, new SubscriptionRequestDTO(topic, system, null, "/notify", true,
                        null, null, null)),
                400, ExceptionType.BAD_PAYLOAD,
                "Request.MatchMetaData is true but Request.FilterMetaData is null or blank.",
                "/eventhandler/subscribe");
        assertError(post(EhHttp.SUBSCRIBE_PATH, new SubscriptionRequestDTO(topic, system, null, "/notify", false,
                        ARROWHEAD_TIME.format(Instant.now().plus(Duration.ofMinutes(10))),
                        ARROWHEAD_TIME.format(Instant.now().plus(Duration.ofMinutes(5))), null)),
                400, ExceptionType.INVALID_PARAMETER, "Start Date should be before End Date",
                "/eventhandler/subscribe");
        assertError(http.unsubscribe(null, "error-system", "127.0.0.1", "9430"),
                400, ExceptionType.BAD_PAYLOAD, "Event Type is blank", "/eventhandler/unsubscribe");
    }

    @Test
    void nonValidationErrorsAlsoReadBackAsTheOfficialErrorMessageDto() {
        final HttpResponse<String> notFound = http.get("/eventhandler/no-such-endpoint");
        assertEquals(404, notFound.statusCode());
        final ErrorMessageDTO error = officialError(notFound);
        assertEquals(404, error.getErrorCode());
        assertEquals(ExceptionType.DATA_NOT_FOUND, error.getExceptionType());
        assertNotNull(error.getErrorMessage());

        final HttpResponse<String> malformed = http.request("POST", EhHttp.PUBLISH_PATH, "application/json", "{");
        assertEquals(400, malformed.statusCode());
        final ErrorMessageDTO malformedError = officialError(malformed);
        assertEquals(ExceptionType.BAD_PAYLOAD, malformedError.getExceptionType());
        assertEquals(400, malformedError.getErrorCode());
        assertEquals("/eventhandler/publish", malformedError.getOrigin());
    }
}
