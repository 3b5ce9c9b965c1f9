package io.eventhandler.server.sse;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Heartbeat comments on idle streams at the configured interval; the configured {@code retry:} opens the stream. */
class SseHeartbeatTest {

    private static final long HEARTBEAT_MS = 200;
    private static final long RETRY_MS = 777;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            StreamConfiguration.HEARTBEAT_INTERVAL_MS.key(), Long.toString(HEARTBEAT_MS),
            StreamConfiguration.RETRY_MS.key(), Long.toString(RETRY_MS)));
    private static final EhHttp http = server.http();

    @Test
    void anIdleStreamGetsACommentLinePeriodicallyNotMoreOftenThanTheInterval() {
        final String topic = uniqueTopic("idle");
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic)) {
            final long start = System.nanoTime();
            eventually().until(() -> sse.comments() >= 3);
            final long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            // Heartbeats need an idle stretch of about the interval each (the first counts from the retry line,
            // written just before open() returned): three of them cannot come much sooner than 3 intervals.
            assertTrue(elapsedMs >= 2 * HEARTBEAT_MS, () -> "3 heartbeats after only " + elapsedMs + " ms");
            final int count = sse.comments();
            final long sinceStartMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(count <= sinceStartMs / (HEARTBEAT_MS * 9 / 10) + 1,
                    () -> count + " heartbeats in " + sinceStartMs + " ms: more than one per interval");
            assertTrue(sse.frames().isEmpty(), () -> "heartbeats are comments, not events: " + sse.frames());
            assertFalse(sse.ended());
            assertEquals(RETRY_MS, sse.retry());

            // Events in between do not end the heartbeats.
            http.publishOk(topic, "between");
            eventually().until(() -> sse.ids().size() >= 1);
            final int before = sse.comments();
            eventually().until(() -> sse.comments() >= before + 2);
            assertEquals(List.of(1L), sse.ids());
            assertEquals(List.of("between"), sse.payloads());
            assertTrue(sse.gaps().isEmpty());
        }
    }

    @Test
    void everyIdleStreamGetsHeartbeats() {
        final String topic = uniqueTopic("idle-many");
        try (SseTestClient first = SseTestClient.open(server.baseUri(), topic);
             SseTestClient second = SseTestClient.open(server.baseUri(), topic);
             SseTestClient elsewhere = SseTestClient.open(server.baseUri(), uniqueTopic("idle-other"))) {
            for (final SseTestClient sse : List.of(first, second, elsewhere)) {
                eventually().until(() -> sse.comments() >= 2);
            }
        }
    }

    @Test
    void theStreamStartsWithTheConfiguredRetryThenEventsInSseFormat() throws IOException {
        final String topic = uniqueTopic("retry");
        try (RawHttp raw = RawHttp.connect(server.baseUri())) {
            raw.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + "?eventtype=" + topic, null,
                    "Accept: text/event-stream");
            final RawHttp.Head head = raw.readHead();
            assertEquals(200, head.status());
            assertTrue(head.headers().getOrDefault("content-type", "").startsWith("text/event-stream"),
                    head.headers()::toString);
            assertEquals("no-cache", head.headers().get("cache-control"));
            final BufferedReader body = new BufferedReader(new InputStreamReader(raw.bodyStream(head),
                    StandardCharsets.UTF_8));
            assertEquals("retry: " + RETRY_MS, body.readLine(), "the first line of the stream");
            assertEquals("", body.readLine());

            http.publishOk(topic, "first");
            String line = body.readLine();
            while (line.startsWith(":") || line.isEmpty()) {
                line = body.readLine(); // a heartbeat may come first on a slow machine
            }
            assertTrue(line.matches("id: [0-9a-z]+-1"), line);
            final String data = body.readLine();
            assertTrue(data.startsWith("data: {"), data);
            assertEquals("first", EhHttp.read(data.substring("data: ".length()), EventDTO.class).payload());
            assertEquals("", body.readLine());
        }
    }

    @Test
    void aResumedStreamAlsoStartsWithTheRetryHintAndThenTheReplay() throws IOException {
        final String topic = uniqueTopic("retry-resume");
        http.publishOk(topic, "one");
        http.publishOk(topic, "two");
        try (RawHttp raw = RawHttp.connect(server.baseUri())) {
            raw.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + "?eventtype=" + topic, null,
                    "Accept: text/event-stream", EventHandlerApi.LAST_EVENT_ID_HEADER + ": 0");
            final RawHttp.Head head = raw.readHead();
            assertEquals(200, head.status());
            final BufferedReader body = new BufferedReader(new InputStreamReader(raw.bodyStream(head),
                    StandardCharsets.UTF_8));
            assertEquals("retry: " + RETRY_MS, body.readLine(), "the retry hint comes before the replay");
            assertEquals("", body.readLine());
            for (final String payload : List.of("one", "two")) {
                final String id = body.readLine();
                final String data = body.readLine();
                assertTrue(id.matches("id: [0-9a-z]+-" + (payload.equals("one") ? 1 : 2)), id);
                assertEquals(payload, EhHttp.read(data.substring("data: ".length()), EventDTO.class).payload());
                assertEquals("", body.readLine());
            }
        }
    }
}
