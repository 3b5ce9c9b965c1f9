package io.eventhandler.server.validation;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static io.eventhandler.api.ExceptionType.BAD_PAYLOAD;
import static io.eventhandler.api.ExceptionType.INVALID_PARAMETER;
import static io.eventhandler.server.testing.EhHttp.PUBLISH_PATH;
import static io.eventhandler.server.testing.EhHttp.SUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.UNSUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.Requests.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The configurable request limits (eh.max.json.*, eh.max.metadata.entries, eh.max.event.type.length,
 * eh.event.type.pattern, eh.max.system.name.length, eh.max.address.length) on a server with small ones: a value at
 * the limit passes, one past it is a 400 {@code ErrorMessageDTO} naming the limit, on every endpoint that takes it.
 */
class RequestLimitsTest {

    private static final String EVENT_TYPE_RULE = "may only consist of characters matching [A-Za-z0-9_.:/-]+ "
            + "(eh.event.type.pattern).";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.MAX_JSON_DEPTH.key(), "6",
            LimitsConfiguration.MAX_JSON_STRING_LENGTH.key(), "300",
            LimitsConfiguration.MAX_METADATA_ENTRIES.key(), "2",
            LimitsConfiguration.MAX_EVENT_TYPE_LENGTH.key(), "12",
            LimitsConfiguration.MAX_SYSTEM_NAME_LENGTH.key(), "16",
            LimitsConfiguration.MAX_ADDRESS_LENGTH.key(), "12"));
    private static final EhHttp http = server.http();

    private static Map<String, Object> event(final String eventType) {
        return Requests.event(eventType, "21.5");
    }

    private static Map<String, Object> subscription(final String eventType) {
        return Requests.subscription(eventType, Requests.system("limits-sub", "127.0.0.1", 9), "/n");
    }

    private static Map<String, String> entries(final int count) {
        final Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            map.put("k" + i, "v");
        }
        return map;
    }

    @Test
    void aBodyNestedDeeperThanTheLimitIsA400() {
        // depth 6: the request object and five nested objects in an unknown field
        final Map<String, Object> atLimit = event("depth-ok");
        atLimit.put("extra", Map.of("a", Map.of("b", Map.of("c", Map.of("d", Map.of())))));
        EhHttp.assertOkEmpty(http.publish(atLimit));
        final Map<String, Object> deeper = event("depth-bad");
        deeper.put("extra", Map.of("a", Map.of("b", Map.of("c", Map.of("d", Map.of("e", Map.of()))))));
        for (final String path : new String[] {PUBLISH_PATH, SUBSCRIBE_PATH}) {
            assertError(http.request("POST", path, "application/json", json(deeper)), 400, BAD_PAYLOAD, path,
                    "Request body exceeds a limit of this Event Handler: Document nesting depth (7) exceeds the "
                            + "maximum allowed (6) (eh.max.json.depth)");
        }
    }

    @Test
    void aStringLongerThanTheLimitIsA400() {
        EhHttp.assertOkEmpty(http.publish(Requests.event("long-ok", "x".repeat(300))));
        for (final String path : new String[] {PUBLISH_PATH, SUBSCRIBE_PATH}) {
            final Map<String, Object> request = path.equals(PUBLISH_PATH) ? Requests.event("long", "x".repeat(301))
                    : Requests.subscription("long", Requests.system("s", "h", 1), "/" + "x".repeat(300));
            assertError(http.request("POST", path, "application/json", json(request)), 400, BAD_PAYLOAD, path,
                    "Request body exceeds a limit of this Event Handler: String value length (301) exceeds the "
                            + "maximum allowed (300) (eh.max.json.string.length)");
        }
    }

    @Test
    void moreMetadataEntriesThanTheLimitIsA400() {
        final Map<String, Object> atLimit = event("meta-ok");
        atLimit.put("metaData", entries(2));
        EhHttp.assertOkEmpty(http.publish(atLimit));
        final Map<String, Object> publish = event("meta");
        publish.put("metaData", entries(3));
        assertError(http.publish(publish), 400, INVALID_PARAMETER, PUBLISH_PATH,
                "Request.MetaData has 3 entries, more than 2 (eh.max.metadata.entries).");
        final Map<String, Object> subscribe = subscription("meta");
        subscribe.put("filterMetaData", entries(3));
        subscribe.put("matchMetaData", true);
        assertError(http.subscribe(subscribe), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.FilterMetaData has 3 entries, more than 2 (eh.max.metadata.entries).");
        final Map<String, Object> system = subscription("meta");
        Requests.nested(system, "subscriberSystem").put("metadata", entries(3));
        assertError(http.subscribe(system), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.SubscriberSystem.Metadata has 3 entries, more than 2 (eh.max.metadata.entries).");
    }

    @Test
    void anEventTypeLongerThanTheLimitIsA400Everywhere() {
        EhHttp.assertOkEmpty(http.publish(event(" twelve-chars ")));
        final String message = " is longer than 12 characters (eh.max.event.type.length).";
        assertError(http.publish(event("thirteen-char")), 400, INVALID_PARAMETER, PUBLISH_PATH,
                "Request.EventType" + message);
        assertError(http.subscribe(subscription("thirteen-char")), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.EventType" + message);
        assertError(http.unsubscribe("thirteen-char", "s", "h", "1"), 400, INVALID_PARAMETER, UNSUBSCRIBE_PATH,
                "Event Type" + message);
        try (SseTestClient stream = SseTestClient.open(server.baseUri(), "thirteen-char")) {
            assertEquals(400, stream.status());
            assertEquals("Event type" + message, EhHttp.read(stream.errorBody(),
                    io.eventhandler.api.ErrorMessageDTO.class).errorMessage());
        }
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"two words", "new\nline", "n\u0000ul", "t\u00fcr", "emoji\ud83d\ude00", "a;b", "<x>"})
    void anEventTypeWithOtherCharactersIsA400Everywhere(final String eventType) {
        assertError(http.publish(event(eventType)), 400, INVALID_PARAMETER, PUBLISH_PATH,
                "Request.EventType " + EVENT_TYPE_RULE);
        assertError(http.subscribe(subscription(eventType)), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.EventType " + EVENT_TYPE_RULE);
        assertError(http.unsubscribe(eventType, "s", "h", "1"), 400, INVALID_PARAMETER, UNSUBSCRIBE_PATH,
                "Event Type " + EVENT_TYPE_RULE);
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=" + URLEncoder.encode(eventType, StandardCharsets.UTF_8))) {
            assertEquals(400, stream.status());
            assertEquals("Event type " + EVENT_TYPE_RULE, EhHttp.read(stream.errorBody(),
                    io.eventhandler.api.ErrorMessageDTO.class).errorMessage());
        }
    }

    @Test
    void systemNamesAndAddressesLongerThanTheLimitAreA400() {
        final Map<String, Object> atLimit = event("names-ok");
        Requests.nested(atLimit, "source").put("systemName", "n".repeat(16));
        Requests.nested(atLimit, "source").put("address", "a".repeat(12));
        EhHttp.assertOkEmpty(http.publish(atLimit));

        final Map<String, Object> longName = event("names");
        Requests.nested(longName, "source").put("systemName", "n".repeat(17));
        assertError(http.publish(longName), 400, INVALID_PARAMETER, PUBLISH_PATH,
                "Request.Source.SystemName is longer than 16 characters (eh.max.system.name.length).");
        final Map<String, Object> longAddress = subscription("names");
        Requests.nested(longAddress, "subscriberSystem").put("address", "a".repeat(13));
        assertError(http.subscribe(longAddress), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.SubscriberSystem.Address is longer than 12 characters (eh.max.address.length).");
        final Map<String, Object> longSource = subscription("names");
        longSource.put("sources", java.util.List.of(Requests.system("n".repeat(17), "h", 1)));
        assertError(http.subscribe(longSource), 400, INVALID_PARAMETER, SUBSCRIBE_PATH,
                "Request.Sources.SystemName is longer than 16 characters (eh.max.system.name.length).");
        assertError(http.unsubscribe("names", "n".repeat(17), "h", "1"), 400, INVALID_PARAMETER, UNSUBSCRIBE_PATH,
                "Name of the subscriber system is longer than 16 characters (eh.max.system.name.length).");
        try (SseTestClient stream = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=names&address=" + "a".repeat(13))) {
            assertEquals(400, stream.status());
            assertEquals(ExceptionType.INVALID_PARAMETER, EhHttp.read(stream.errorBody(),
                    io.eventhandler.api.ErrorMessageDTO.class).exceptionType());
        }
    }
}
