package io.eventhandler.client.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The durable history against real crashes: an Event Handler in its own JVM, publishers that wait for the durable
 * acknowledgement ({@code Eh-Durable: true}), SIGKILL while they publish, a restart on the same directory; every
 * acknowledged event must come back to an SSE subscriber resuming from {@code Last-Event-ID: 0} and through the
 * management API, under the number it was acknowledged with, and new events must be numbered after them. And a
 * store that cannot grow (the file size limit of the process, as a full disk) must not stop delivery.
 */
class DurableHistoryKillTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private static final String TOPIC = "crash.test";

    private static Map<String, String> settings(final Path dir, final int port) {
        final Map<String, String> settings = new HashMap<>();
        settings.put("server.port", Integer.toString(port));
        settings.put("eh.store.url", "jdbc:h2:mem:kill");
        settings.put("eh.history.mode", "DURABLE");
        settings.put("eh.history.dir", dir.resolve("history").toString());
        settings.put("eh.history.size", "100000");
        return settings;
    }

    private static String body(final String payload) {
        return "{\"eventType\":\"" + TOPIC + "\",\"source\":{\"systemName\":\"kill-publisher\",\"address\":"
                + "\"127.0.0.1\",\"port\":9100},\"payload\":\"" + payload + "\"}";
    }

    private static HttpResponse<String> publish(final URI base, final String payload, final boolean durable)
            throws IOException, InterruptedException {
        final HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/eventhandler/publish"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(payload)));
        if (durable) {
            request.header(EventHandlerApi.DURABLE_HEADER, "true");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(final HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every event the management API lists, paged through, payload by sequence number. */
    private static Map<Long, String> pageThrough(final ServerProcess server) {
        final Map<Long, String> events = new TreeMap<>();
        long after = 0;
        while (true) {
            final HttpResponse<String> response = server.get("/eventhandler/mgmt/events?eventtype=" + TOPIC
                    + "&after=" + after + "&limit=1000");
            assertEquals(200, response.statusCode(), response::body);
            final JsonNode page = json(response);
            page.get("events").forEach(e -> events.put(e.get("sequence").asLong(), e.get("payload").asText()));
            after = page.get("nextAfter").asLong();
            if (!page.get("more").asBoolean()) {
                return events;
            }
        }
    }

    @Test
    void everyEventAcknowledgedAsDurableSurvivesSigkillWithItsNumber(@TempDir final Path dir) throws Exception {
        final int port = ServerProcess.freePorts(1)[0];
        final Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        final AtomicInteger attempts = new AtomicInteger();
        try (ServerProcess first = ServerProcess.start(dir, "first", settings(dir, port))) {
            final AtomicBoolean running = new AtomicBoolean(true);
            final ExecutorService publishers = Executors.newFixedThreadPool(4);
            final List<Future<?>> done = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                final int publisher = p;
                done.add(publishers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        final String payload = "p" + publisher + "-" + i;
                        attempts.incrementAndGet();
                        try {
                            final HttpResponse<String> response = publish(first.baseUri(), payload, true);
                            if (response.statusCode() == 200 && "true".equals(response.headers()
                                    .firstValue(EventHandlerApi.DURABLE_HEADER).orElse(null))) {
                                acknowledged.put(Long.parseLong(response.headers()
                                        .firstValue(EventHandlerApi.SEQUENCE_HEADER).orElseThrow()), payload);
                            }
                        } catch (final IOException e) {
                            return null; // the server is gone: what it acknowledged so far counts
                        }
                    }
                    return null;
                }));
            }
            // kill it in the middle of the stream, with durable publishes in flight
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= 300);
            first.kill();
            running.set(false);
            for (final Future<?> publisher : done) {
                publisher.get(30, TimeUnit.SECONDS);
            }
            publishers.shutdown();
        }
        assertTrue(acknowledged.size() >= 300);
        final long highestAcknowledged = acknowledged.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();

        try (ServerProcess second = ServerProcess.start(dir, "second", settings(dir, port));
             SseRecorder sse = SseRecorder.open(HTTP, second.baseUri(), TOPIC, 0)) {
            Awaitility.await("subscribed").atMost(Duration.ofSeconds(10)).until(() -> sse.status() == 200);
            Awaitility.await("every acknowledged event replayed").atMost(Duration.ofSeconds(30))
                    .until(() -> sse.events().keySet().containsAll(acknowledged.keySet()));
            assertEquals(200, sse.status());
            final Map<Long, String> replayed = sse.events();
            acknowledged.forEach((sequence, payload) -> assertTrue(replayed.get(sequence).contains(
                    "\"payload\":\"" + payload + "\""), () -> sequence + " replayed as " + replayed.get(sequence)
                    + ", acknowledged as " + payload));
            assertFalse(sse.namedEvents().containsKey("gap"), () -> "no reset or gap notice: " + sse.namedEvents());

            final Map<Long, String> listed = pageThrough(second);
            acknowledged.forEach((sequence, payload) -> assertEquals(payload, listed.get(sequence),
                    () -> "mgmt API, event " + sequence));
            final long lastStored = listed.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
            assertTrue(lastStored >= highestAcknowledged);

            final HttpResponse<String> next = publish(second.baseUri(), "after-restart", true);
            assertEquals(200, next.statusCode(), next::body);
            assertEquals(Long.toString(lastStored + 1),
                    next.headers().firstValue(EventHandlerApi.SEQUENCE_HEADER).orElse(null),
                    "numbering continues after the last stored number");
            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .until(() -> sse.events().containsKey(lastStored + 1));
            final JsonNode durable = json(second.get("/eventhandler/mgmt/history")).get("durable");
            assertEquals(listed.size(), durable.get("reloadedEvents").asLong());
            System.out.printf("kill test: %d durable publishes attempted, %d acknowledged before SIGKILL, %d "
                    + "reloaded (the rest were in flight)%n", attempts.get(), acknowledged.size(), listed.size());
        }
    }

    /** The writer's counters on the management API. */
    private static JsonNode writer(final ServerProcess server) {
        return json(server.get("/eventhandler/mgmt/history")).get("durable").get("writer");
    }

    @Test
    void whatALongCommitIntervalHeldIsLostBySigkillAndAnnouncedToAResumingSubscriber(@TempDir final Path dir)
            throws Exception {
        final int port = ServerProcess.freePorts(1)[0];
        final Map<String, String> settings = settings(dir, port);
        settings.put("eh.history.commit.interval.ms", "60000"); // nothing after the first commit is written in time
        try (ServerProcess first = ServerProcess.start(dir, "first", settings);
             SseRecorder live = SseRecorder.open(HTTP, first.baseUri(), TOPIC, 0)) {
            Awaitility.await("subscribed").atMost(Duration.ofSeconds(10)).until(() -> live.status() == 200);
            assertEquals(200, publish(first.baseUri(), "kept", false).statusCode());
            Awaitility.await("the first event committed").atMost(Duration.ofSeconds(10))
                    .until(() -> writer(first).get("written").asLong() == 1);
            for (int i = 1; i <= 3; i++) {
                assertEquals(200, publish(first.baseUri(), "held-" + i, false).statusCode());
            }
            Awaitility.await("all four delivered").atMost(Duration.ofSeconds(10))
                    .until(() -> live.events().size() == 4);
            assertEquals(3, writer(first).get("queued").asInt(), "accepted and delivered, not yet committed");
            first.kill();
        }
        try (ServerProcess second = ServerProcess.start(dir, "second", settings);
             SseRecorder resumed = SseRecorder.open(HTTP, second.baseUri(), TOPIC, 4)) {
            Awaitility.await("subscribed").atMost(Duration.ofSeconds(10)).until(() -> resumed.status() == 200);
            Awaitility.await("the loss announced").atMost(Duration.ofSeconds(10))
                    .until(() -> resumed.namedEvents().containsKey("gap"));
            assertEquals(Map.of(1L, "kept"), pageThrough(second), "only the committed event came back");
            final HttpResponse<String> next = publish(second.baseUri(), "after-restart", true);
            assertEquals(200, next.statusCode(), next::body);
            assertEquals("2", next.headers().firstValue(EventHandlerApi.SEQUENCE_HEADER).orElse(null),
                    "numbering goes on after the last committed event");
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> resumed.events().containsKey(2L));
        }
    }

    @Test
    void aStoreThatCannotGrowKeepsDeliveryGoingAndRefusesDurableAcknowledgements(@TempDir final Path dir)
            throws Exception {
        final int port = ServerProcess.freePorts(1)[0];
        // 1024 blocks: 512 KiB or 1 MiB, whatever the shell's unit; the log stays far below it
        try (ServerProcess server = ServerProcess.start(dir, "full", settings(dir, port), 1024);
             SseRecorder sse = SseRecorder.open(HTTP, server.baseUri(), TOPIC, -1)) {
            Awaitility.await("subscribed").atMost(Duration.ofSeconds(10)).until(() -> sse.status() == 200);
            final String big = "x".repeat(2000);
            HttpResponse<String> refused = null;
            int accepted = 0;
            for (int i = 0; i < 5000 && refused == null; i++) {
                final HttpResponse<String> response = publish(server.baseUri(), big + i, true);
                if (response.statusCode() == 503) {
                    refused = response;
                } else {
                    assertEquals(200, response.statusCode(), response::body);
                    accepted++;
                }
            }
            assertTrue(refused != null, "the store never filled up");
            assertTrue(accepted > 0, "some events were durable before the store filled up");
            final JsonNode error = json(refused);
            assertEquals(503, error.get("errorCode").asInt());
            assertEquals("UNAVAILABLE", error.get("exceptionType").asText());
            // the client is told what it can act on, nothing of the server's insides (the store's path, the
            // database's message, object ids and version)
            final String message = error.get("errorMessage").asText();
            assertTrue(message.contains("is not durable"), message);
            for (final String internal : List.of(dir.toString(), "File too large", "H2", "@", "org.", "java.",
                    "Exception")) {
                assertFalse(message.contains(internal), () -> internal + " in " + message);
            }

            // delivery goes on from memory, durable acknowledgements are refused at once while it lasts
            for (int i = 0; i < 20; i++) {
                assertEquals(200, publish(server.baseUri(), "memory-" + i, false).statusCode());
            }
            final HttpResponse<String> again = publish(server.baseUri(), "durable-again", true);
            assertEquals(503, again.statusCode());
            assertTrue(json(again).get("errorMessage").asText().contains("was not accepted"), again::body);
            assertFalse(again.body().contains(dir.toString()), again::body);
            Awaitility.await("delivered from memory").atMost(Duration.ofSeconds(10)).until(() -> sse.events()
                    .values().stream().filter(data -> data.contains("memory-")).count() == 20);

            final JsonNode writer = json(server.get("/eventhandler/mgmt/history")).get("durable").get("writer");
            assertFalse(writer.get("writing").asBoolean());
            assertFalse(writer.get("failure").asText().isBlank(), writer::toString);
            assertTrue(writer.get("lastFailure").asText().contains("File too large"), writer::toString);
            assertTrue(writer.get("lost").asLong() >= 20, writer::toString);
            final long errorLines = server.log().lines()
                    .filter(line -> line.contains("ERROR") && line.contains("Durable history")).count();
            assertEquals(1, errorLines, () -> "logged once, not per event:\n" + server.log());
            assertTrue(server.alive());
        }
    }
}
