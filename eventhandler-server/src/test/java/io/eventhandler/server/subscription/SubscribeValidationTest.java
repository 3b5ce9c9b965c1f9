package io.eventhandler.server.subscription;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.eventhandler.api.ExceptionType.BAD_PAYLOAD;
import static io.eventhandler.api.ExceptionType.INVALID_PARAMETER;
import static io.eventhandler.server.testing.EhHttp.SUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.UNSUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static io.eventhandler.server.testing.Requests.assertError;
import static io.eventhandler.server.testing.Requests.nested;
import static io.eventhandler.server.testing.Requests.subscription;
import static io.eventhandler.server.testing.Requests.system;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Arrowhead 4.6's validation of {@code POST /eventhandler/subscribe} and {@code DELETE /eventhandler/unsubscribe}
 * (reference §1.4; deliberate differences in docs/arrowhead.md): status, exception type, error code, origin and the
 * exact message of every rule; a rejected subscription is not created.
 */
class SubscribeValidationTest {

    private static final int TOLERANCE_SECONDS = 120;
    /** Nothing listens there; no test publishes to a subscription it creates. */
    private static final int SUBSCRIBER_PORT = 9;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.TIME_STAMP_TOLERANCE_SECONDS.key(),
            Integer.toString(TOLERANCE_SECONDS)));
    private static final EhHttp http = server.http();

    private static Map<String, Object> valid(final String topic) {
        return subscription(topic, system("subscriber", "127.0.0.1", SUBSCRIBER_PORT), "/notify");
    }

    private static HttpResponse<String> post(final Object body) {
        return http.request("POST", SUBSCRIBE_PATH, "application/json", json(body));
    }

    private static Arguments rule(final String name, final Consumer<Map<String, Object>> change,
                                  final ExceptionType type, final String message) {
        return arguments(name, change, type, message);
    }

    private static Consumer<Map<String, Object>> sources(final Map<?, ?>... sources) {
        return r -> r.put("sources", Arrays.asList(sources));
    }

    private static String in(final long seconds) {
        return now().plusSeconds(seconds).toString();
    }

    static Stream<Arguments> rules() {
        final String systemNull = "System is null.";
        final String nameBlank = "System name is null or blank.";
        final String addressBlank = "System address is null or blank.";
        final String portNull = "System port is null.";
        final String portRange = "System port must be between 0 and 65535.";
        final String filterBlank = "Request.MatchMetaData is true but Request.FilterMetaData is null or blank.";
        final String good = "good";
        return Stream.of(
                rule("subscriberSystem missing", r -> r.remove("subscriberSystem"), BAD_PAYLOAD, systemNull),
                rule("subscriberSystem null", r -> r.put("subscriberSystem", null), BAD_PAYLOAD, systemNull),
                rule("systemName null", r -> nested(r, "subscriberSystem").put("systemName", null), BAD_PAYLOAD,
                        nameBlank),
                rule("systemName blank", r -> nested(r, "subscriberSystem").put("systemName", " "), BAD_PAYLOAD,
                        nameBlank),
                rule("address missing", r -> nested(r, "subscriberSystem").remove("address"), BAD_PAYLOAD,
                        addressBlank),
                rule("address empty", r -> nested(r, "subscriberSystem").put("address", ""), BAD_PAYLOAD,
                        addressBlank),
                rule("port null", r -> nested(r, "subscriberSystem").put("port", null), BAD_PAYLOAD, portNull),
                rule("port -1", r -> nested(r, "subscriberSystem").put("port", -1), BAD_PAYLOAD, portRange),
                rule("port 65536", r -> nested(r, "subscriberSystem").put("port", 65536), BAD_PAYLOAD, portRange),
                rule("port 0 (service layer)", r -> nested(r, "subscriberSystem").put("port", 0), INVALID_PARAMETER,
                        "System port is less than one."),
                rule("eventType null", r -> r.put("eventType", null), BAD_PAYLOAD,
                        "Request.EventType is null or blank."),
                rule("eventType blank", r -> r.put("eventType", " \t"), BAD_PAYLOAD,
                        "Request.EventType is null or blank."),
                rule("notifyUri missing", r -> r.remove("notifyUri"), BAD_PAYLOAD,
                        "Request.NotifyUri is null or blank."),
                rule("notifyUri blank", r -> r.put("notifyUri", "  "), BAD_PAYLOAD,
                        "Request.NotifyUri is null or blank."),
                rule("matchMetaData without filterMetaData", r -> r.put("matchMetaData", true), BAD_PAYLOAD,
                        filterBlank),
                rule("matchMetaData with empty filterMetaData", r -> {
                    r.put("matchMetaData", true);
                    r.put("filterMetaData", Map.of());
                }, BAD_PAYLOAD, filterBlank),
                rule("a null source", sources(system(good, "h", 1), null), BAD_PAYLOAD, systemNull),
                rule("a source without name", sources(system(good, "h", 1), system("", "h", 1)), BAD_PAYLOAD,
                        nameBlank),
                rule("a source without address", sources(system(good, "h", 1), system("s", null, 1)),
                        BAD_PAYLOAD, addressBlank),
                rule("a source without port", sources(system("s", "h", null)), BAD_PAYLOAD, portNull),
                rule("a source with port 70000", sources(system("s", "h", 70000)), BAD_PAYLOAD, portRange),
                rule("a source with port 0", sources(system("s", "h", 0)), INVALID_PARAMETER,
                        "System port is less than one."),
                rule("startDate not a date", r -> r.put("startDate", "tomorrow"), INVALID_PARAMETER,
                        "StartDate is not valid."),
                rule("startDate in the ReadMe's format", r -> r.put("startDate", "2030-01-01 00:00:00"),
                        INVALID_PARAMETER, "StartDate is not valid."),
                rule("endDate not a date", r -> r.put("endDate", "2030-01-01"), INVALID_PARAMETER,
                        "EndDate is not valid."),
                rule("startDate beyond the past tolerance", r -> r.put("startDate", in(-TOLERANCE_SECONDS - 60)),
                        INVALID_PARAMETER, "Start Date is further in the past than the tolerated time difference"),
                rule("endDate beyond the past tolerance", r -> r.put("endDate", in(-TOLERANCE_SECONDS - 60)),
                        INVALID_PARAMETER, "End Date is further in the past than the tolerated time difference"),
                rule("endDate before startDate", r -> {
                    r.put("startDate", in(600));
                    r.put("endDate", in(300));
                }, INVALID_PARAMETER, "Start Date should be before End Date"),
                rule("endDate equal to startDate", r -> {
                    final String date = in(600);
                    r.put("startDate", date);
                    r.put("endDate", date);
                }, INVALID_PARAMETER, "Start Date should be before End Date"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void everyRuleAnswersWithArrowheadsErrorAndCreatesNothing(final String name,
                                                               final Consumer<Map<String, Object>> change,
                                                               final ExceptionType type, final String message) {
        final String topic = uniqueTopic("rule");
        final Map<String, Object> request = valid(topic);
        change.accept(request);
        assertError(post(request), 400, type, SUBSCRIBE_PATH, message);
        assertEquals(List.of(), http.statistics().subscribersOf(topic));
    }

    @Test
    void aNullRequestIsRejected() {
        assertError(http.request("POST", SUBSCRIBE_PATH, "application/json", "null"), 400, BAD_PAYLOAD,
                SUBSCRIBE_PATH, "Request is null.");
    }

    @Test
    void aCompleteRequestIsAcceptedWithAnEmptyBody() {
        final String topic = uniqueTopic("complete");
        final Map<String, Object> request = valid(topic);
        request.put("matchMetaData", true);
        request.put("filterMetaData", Map.of("unit", "celsius"));
        request.put("startDate", in(-TOLERANCE_SECONDS + 30));
        request.put("endDate", in(3600));
        request.put("sources", List.of(system("pub", "127.0.0.1", 1), system("pub2", "10.0.0.1", 65535)));
        EhHttp.assertOkEmpty(post(request));
        assertEquals(1, http.statistics().subscribersOf(topic).size());
    }

    /** Arrowhead's order: subscriber, event type, notify URI, metadata, sources (controller), then the service's checks. */
    @Test
    void theFirstProblemInArrowheadsOrderIsReported() {
        final String topic = uniqueTopic("order");
        final Map<String, Object> request = subscription("", system("s", "h", 0), "");
        request.put("matchMetaData", true);
        request.put("sources", List.of(system("", "h", 1)));
        request.put("startDate", "bad");
        assertError(post(request), 400, BAD_PAYLOAD, SUBSCRIBE_PATH, "Request.EventType is null or blank.");

        request.put("eventType", topic);
        assertError(post(request), 400, BAD_PAYLOAD, SUBSCRIBE_PATH, "Request.NotifyUri is null or blank.");

        request.put("notifyUri", "/n");
        assertError(post(request), 400, BAD_PAYLOAD, SUBSCRIBE_PATH,
                "Request.MatchMetaData is true but Request.FilterMetaData is null or blank.");

        request.put("matchMetaData", false);
        assertError(post(request), 400, BAD_PAYLOAD, SUBSCRIBE_PATH, "System name is null or blank.");

        request.put("sources", List.of(system("src", "h", 0)));
        assertError(post(request), 400, INVALID_PARAMETER, SUBSCRIBE_PATH, "System port is less than one.");

        nested(request, "subscriberSystem").put("port", SUBSCRIBER_PORT);
        assertError(post(request), 400, INVALID_PARAMETER, SUBSCRIBE_PATH, "StartDate is not valid.");

        request.put("startDate", null);
        assertError(post(request), 400, INVALID_PARAMETER, SUBSCRIBE_PATH, "System port is less than one.");

        request.put("sources", List.of(system("src", "h", 1)));
        EhHttp.assertOkEmpty(post(request));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // unsubscribe

    static Stream<Arguments> unsubscribeRules() {
        final String eventType = "Event Type is blank";
        final String name = "Name of the subscriber system is blank";
        final String address = "Address of the subscriber system is blank";
        final String portBlank = "Port of the subscriber system is blank";
        final String portNaN = "Port of the subscriber system is not a number";
        return Stream.of(
                arguments("no parameters", new String[] {null, null, null, null}, BAD_PAYLOAD, eventType),
                arguments("event_type missing", new String[] {null, "s", "h", "1"}, BAD_PAYLOAD, eventType),
                arguments("event_type blank", new String[] {" ", "s", "h", "1"}, BAD_PAYLOAD, eventType),
                arguments("system_name missing", new String[] {"t", null, "h", "1"}, BAD_PAYLOAD, name),
                arguments("system_name empty", new String[] {"t", "", "h", "1"}, BAD_PAYLOAD, name),
                arguments("address missing", new String[] {"t", "s", null, "1"}, BAD_PAYLOAD, address),
                arguments("address blank", new String[] {"t", "s", "  ", "1"}, BAD_PAYLOAD, address),
                arguments("port missing", new String[] {"t", "s", "h", null}, BAD_PAYLOAD, portBlank),
                arguments("port empty", new String[] {"t", "s", "h", ""}, BAD_PAYLOAD, portBlank),
                arguments("port not a number", new String[] {"t", "s", "h", "abc"}, BAD_PAYLOAD, portNaN),
                arguments("port a fraction", new String[] {"t", "s", "h", "1.5"}, BAD_PAYLOAD, portNaN),
                arguments("port beyond int", new String[] {"t", "s", "h", "99999999999"}, BAD_PAYLOAD, portNaN),
                arguments("port 0 (service layer)", new String[] {"t", "s", "h", "0"}, INVALID_PARAMETER,
                        "System port is less than one."),
                arguments("port -5 (service layer)", new String[] {"t", "s", "h", "-5"}, INVALID_PARAMETER,
                        "System port is less than one."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsubscribeRules")
    void everyUnsubscribeRuleAnswersWithAnErrorMessage(final String name, final String[] params,
                                                       final ExceptionType type, final String message) {
        assertError(http.unsubscribe(params[0], params[1], params[2], params[3]), 400, type, UNSUBSCRIBE_PATH,
                message);
    }

    @Test
    void unsubscribingRemovesTheSubscriptionAndAnUnknownOneIsNotAnError() {
        final String topic = uniqueTopic("unsub");
        EhHttp.assertOkEmpty(post(valid(topic)));
        assertEquals(1, http.statistics().subscribersOf(topic).size());

        EhHttp.assertOkEmpty(http.unsubscribe(topic.toUpperCase(), " Subscriber ", "127.0.0.1",
                " " + SUBSCRIBER_PORT + " "));
        assertEquals(List.of(), http.statistics().subscribersOf(topic));

        EhHttp.assertOkEmpty(http.unsubscribe(topic, "subscriber", "127.0.0.1", Integer.toString(SUBSCRIBER_PORT)));
        EhHttp.assertOkEmpty(http.unsubscribe(uniqueTopic("never"), "nobody", "10.0.0.1", "1"));
    }

    @Test
    void aRejectedUnsubscribeLeavesTheSubscription() {
        final String topic = uniqueTopic("kept");
        EhHttp.assertOkEmpty(post(valid(topic)));
        assertError(http.unsubscribe(topic, "subscriber", "127.0.0.1", "x"), 400, BAD_PAYLOAD, UNSUBSCRIBE_PATH,
                "Port of the subscriber system is not a number");
        assertEquals(1, http.statistics().subscribersOf(topic).size());
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
