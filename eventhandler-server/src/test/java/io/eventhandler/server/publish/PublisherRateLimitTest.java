package io.eventhandler.server.publish;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-publisher publish limits over real HTTP: a publisher past its events or bytes per second gets 429 with an
 * {@code ErrorMessageDTO} and {@code Retry-After}, other publishers are not affected, and the refused one publishes
 * again once its bucket refills. The buckets themselves are checked with an explicit clock.
 */
class PublisherRateLimitTest {

    private static final int EVENTS_PER_SECOND = 5;
    private static final int BYTES_PER_SECOND = 65_536;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.PUBLISH_RATE_LIMIT.key(), Integer.toString(EVENTS_PER_SECOND),
            LimitsConfiguration.PUBLISH_BYTES_LIMIT.key(), Integer.toString(BYTES_PER_SECOND)));
    private static final EhHttp http = server.http();

    /** A publish from this client address (each test its own loopback addresses: plain mode limits them too). */
    private static RawHttp.Response publishAs(final String address, final String publisher, final String payload) {
        final Map<String, Object> event = Requests.event(uniqueTopic("flood"), payload);
        Requests.nested(event, "source").put("systemName", publisher);
        try (RawHttp connection = RawHttp.connectFrom(server.baseUri(), address)) {
            connection.send("POST", EhHttp.PUBLISH_PATH, EhHttp.json(event).getBytes(StandardCharsets.UTF_8),
                    "Content-Type: application/json");
            return connection.readResponse();
        }
    }

    private static void assertOk(final RawHttp.Response response) {
        assertEquals(200, response.status(), response::bodyText);
    }

    private static void assertLimited(final RawHttp.Response response, final String publisher) {
        assertEquals(429, response.status(), response::bodyText);
        assertEquals("1", response.headers().getOrDefault("retry-after", ""));
        assertEquals(new ErrorMessageDTO("Publisher " + publisher + ", or its client address, is over its publishing "
                        + "limit (eh.publish.rate.limit=5 events/s, eh.publish.bytes.limit=65536 bytes/s; 0 is none); "
                        + "retry in a second.", 429, ExceptionType.UNAVAILABLE, "/eventhandler/publish"),
                EhHttp.read(response.bodyText(), ErrorMessageDTO.class));
    }

    @Test
    void aFloodingPublisherGets429AndOthersDoNot() {
        // the burst: one second's worth at once; a slow machine may refill one more meanwhile
        int accepted = 0;
        RawHttp.Response response = publishAs("127.0.1.1", "flooder", "1");
        while (response.status() == 200 && accepted < 3 * EVENTS_PER_SECOND) {
            accepted++;
            response = publishAs("127.0.1.1", "flooder", "1");
        }
        assertTrue(accepted >= EVENTS_PER_SECOND && accepted < 2 * EVENTS_PER_SECOND, "accepted " + accepted);
        assertLimited(response, "flooder");
        assertLimited(publishAs("127.0.1.2", "FLOODER", "1"), "flooder");

        assertOk(publishAs("127.0.1.3", "neighbour", "1"));
        eventually().until(() -> publishAs("127.0.1.1", "flooder", "1").status() == 200);
    }

    @Test
    void rotatingTheSystemNameDoesNotEscapeTheLimitInPlainMode() {
        int accepted = 0;
        RawHttp.Response response = publishAs("127.0.4.1", "rotating-0", "1");
        while (response.status() == 200 && accepted < 3 * EVENTS_PER_SECOND) {
            accepted++;
            response = publishAs("127.0.4.1", "rotating-" + accepted, "1");
        }
        assertTrue(accepted >= EVENTS_PER_SECOND && accepted < 2 * EVENTS_PER_SECOND, "accepted " + accepted);
        assertLimited(response, "rotating-" + accepted);
        assertOk(publishAs("127.0.4.2", "rotating-" + accepted, "1"));
    }

    @Test
    void aPublisherOverItsBytesPerSecondGets429() {
        final String large = "x".repeat(40_000);
        assertOk(publishAs("127.0.2.1", "big-sender", large));
        assertLimited(publishAs("127.0.2.1", "big-sender", large), "big-sender");
        assertOk(publishAs("127.0.2.2", "small-sender", large));
    }

    @Test
    void aBatchCountsEachOfItsEventsAndIsRefusedWholeOverTheLimit() {
        final String topic = uniqueTopic("flood-batch");
        final List<Map<String, Object>> batch = new ArrayList<>();
        for (int i = 0; i <= EVENTS_PER_SECOND; i++) {
            final Map<String, Object> event = Requests.event(topic, Integer.toString(i));
            Requests.nested(event, "source").put("systemName", "batch-sender");
            batch.add(event);
        }
        final String path = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH;
        final HttpResponse<String> refused = http.request("POST", path, "application/json", EhHttp.json(batch));
        assertEquals(429, refused.statusCode(), refused::body);
        assertEquals("1", refused.headers().firstValue("Retry-After").orElse(""));
        assertTrue(EhHttp.error(refused).errorMessage().startsWith("Event at index " + EVENTS_PER_SECOND
                + " of the batch: Publisher batch-sender, or its client address, is over its publishing limit"),
                refused::body);
        assertTrue(http.statistics().topics().stream().noneMatch(t -> t.topic().equalsIgnoreCase(topic)),
                "nothing of a refused batch is accepted");

        // the refused batch took no tokens: a full second's worth is accepted at once
        EhHttp.assertOkEmpty(http.request("POST", path, "application/json",
                EhHttp.json(batch.subList(0, EVENTS_PER_SECOND))));
        assertEquals(EVENTS_PER_SECOND, http.statistics().topic(topic).accepted());
    }

    @Test
    void aBatchTakesEveryPublishersShareOrNothing() {
        final PublisherRateLimiter limiter = new PublisherRateLimiter(3, 0);
        final long now = 1_000_000_000L;
        // a's two fit, b's four do not: refused at b's fourth (index 5), and a's two are given back
        assertEquals(5, limiter.admitAll(List.of("a", "b", "a", "b", "b", "b"), List.of(1, 1, 1, 1, 1, 1), now));
        assertEquals(-1, limiter.admitAll(List.of("a", "A", "a"), List.of(1, 1, 1), now), "a's bucket is full again");
        assertEquals(0, limiter.admitAll(List.of("a"), List.of(1), now));
        assertEquals(-1, limiter.admitAll(List.of("b", "b", "b"), List.of(1, 1, 1), now));
    }

    @Test
    void bucketsHoldOneSecondAndRefillAtTheRate() {
        final PublisherRateLimiter limiter = new PublisherRateLimiter(2, 0);
        final long start = 1_000_000_000L;
        assertTrue(limiter.admit("p", 10, start));
        assertTrue(limiter.admit("p", 10, start));
        assertFalse(limiter.admit("p", 10, start));
        assertFalse(limiter.admit("p", 10, start + 400_000_000L), "0.4 s refills 0.8 of an event");
        assertTrue(limiter.admit("p", 10, start + 500_000_000L), "0.5 s refills one");
        assertTrue(limiter.admit("q", 10, start), "another publisher has its own bucket");
        final PublisherRateLimiter off = new PublisherRateLimiter(0, 0);
        for (int i = 0; i < 1_000; i++) {
            assertTrue(off.admit("p", 1_000_000, start));
        }
    }
}
