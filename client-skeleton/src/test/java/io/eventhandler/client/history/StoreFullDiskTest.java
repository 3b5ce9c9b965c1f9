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
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The subscription store (the embedded H2 file) on a full disk, for real: the Event Handler runs under
 * {@code ulimit -f}, so its files cannot grow past a limit and writes fail with "File too large" as on a full disk.
 * H2 closes its database when a write fails; before, every later change failed too, each with a stack trace in the
 * log, until the process was restarted, even once the disk had room again.
 */
class StoreFullDiskTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEPT = "STORE_KEPT";
    private static final String AFTER = "STORE_AFTER_ROOM";
    /** Metadata that makes each stored subscription about a kilobyte, so the file fills in some hundred changes. */
    private static final String BULK = "b".repeat(900);

    private static Map<String, String> settings(final Path dir, final int port) {
        return Map.of("server.port", Integer.toString(port),
                "eh.store.url", "jdbc:h2:file:" + dir.resolve("store").toAbsolutePath());
    }

    private static String filler(final int i) {
        return "{\"eventType\":\"STORE_FILLER_" + i + "\",\"subscriberSystem\":{\"systemName\":\"filler" + i
                + "\",\"address\":\"127.0.0.1\",\"port\":9107},\"notifyUri\":\"/notify\",\"matchMetaData\":false,"
                + "\"filterMetaData\":{\"bulk\":\"" + BULK + "\"}}";
    }

    private static String event(final String payload) {
        return "{\"eventType\":\"" + KEPT + "\",\"source\":{\"systemName\":\"store-publisher\",\"address\":"
                + "\"127.0.0.1\",\"port\":9100},\"payload\":\"" + payload + "\"}";
    }

    @Test
    void changesFailCleanlyDeliveryGoesOnAndTheStoreWorksAgainOnceThereIsRoom(@TempDir final Path dir) {
        final int port = ServerProcess.freePorts(1)[0];
        final List<Integer> stored = new ArrayList<>();
        final List<Integer> refused = new ArrayList<>();
        try (WebhookRecorder recorder = WebhookRecorder.start(0);
             // 2048 blocks: 1 or 2 MiB, whatever the shell's unit; the log stays far below it
             ServerProcess server = ServerProcess.start(dir, "full", settings(dir, port), 2048)) {
            assertEquals(200, subscribe(server, recorder.subscription(KEPT, "store-subscriber")).statusCode());
            HttpResponse<String> failed = null;
            for (int i = 0; i < 5000 && refused.size() < 5; i++) {
                final HttpResponse<String> response = subscribe(server, filler(i));
                if (response.statusCode() == 200) {
                    assertTrue(refused.isEmpty(), "a change succeeded between failures: " + refused);
                    stored.add(i);
                } else {
                    failed = response;
                    refused.add(i);
                }
            }
            assertNotNull(failed, "the store never filled up");
            final HttpResponse<String> refusal = failed;
            assertFalse(stored.isEmpty(), "some changes were stored before the store filled up");

            // Arrowhead's answer for a database failure, and nothing of the server's insides
            final JsonNode error = json(refusal);
            assertEquals(500, refusal.statusCode(), refusal::body);
            assertEquals(500, error.get("errorCode").asInt());
            assertEquals("ARROWHEAD", error.get("exceptionType").asText());
            assertEquals("Database operation exception", error.get("errorMessage").asText());
            for (final String internal : List.of(dir.toString(), "File too large", "H2", "org.", "java.")) {
                assertFalse(refusal.body().contains(internal), () -> internal + " in " + refusal.body());
            }

            // delivery does not need the store
            assertEquals(200, server.send("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH,
                    event("while-full")).statusCode());
            Awaitility.await("delivered while the store is full").atMost(Duration.ofSeconds(10))
                    .until(() -> recorder.events().values().stream().anyMatch(body -> body.contains("while-full")));

            // one ERROR for the episode, not one (with a stack trace) per refused change
            assertEquals(1, errorLines(server), server::log);

            // an operator frees space: the next change is stored, without a restart
            server.liftFileSizeLimit();
            assertEquals(200, subscribe(server, recorder.subscription(AFTER, "store-subscriber")).statusCode());
            assertTrue(server.log().contains("stores changes again, after " + refused.size() + " failed"),
                    server::log);
            assertEquals(1, errorLines(server), server::log);
            server.kill();
        }

        // after a crash, exactly the changes answered 200 are there
        try (ServerProcess second = ServerProcess.start(dir, "second", settings(dir, port))) {
            final HttpResponse<String> listed = second.get(EventHandlerApi.BASE_PATH
                    + EventHandlerApi.MGMT_SUBSCRIPTIONS);
            assertEquals(200, listed.statusCode(), listed::body);
            final String body = listed.body().toUpperCase(Locale.ROOT);
            assertTrue(body.contains("\"" + KEPT + "\""), body);
            assertTrue(body.contains("\"" + AFTER + "\""), body);
            for (final int i : stored) {
                assertTrue(body.contains("\"STORE_FILLER_" + i + "\""), () -> "filler " + i + " answered 200");
            }
            for (final int i : refused) {
                assertFalse(body.contains("\"STORE_FILLER_" + i + "\""), () -> "filler " + i + " answered 500");
            }
        }
    }

    private static HttpResponse<String> subscribe(final ServerProcess server, final String subscription) {
        return server.send("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE, subscription);
    }

    private static long errorLines(final ServerProcess server) {
        return server.log().lines().filter(line -> line.contains(" ERROR ")).count();
    }

    private static JsonNode json(final HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
