package io.eventhandler.server.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.GapNotice;
import io.eventhandler.api.history.HistoryEventDTO;
import io.eventhandler.api.history.HistoryPageDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The durable history in a real server on a real store file: acknowledged as durable with {@code Eh-Durable}, reloaded
 * by the next server on the same directory (replay and numbering survive), within its bounds; an unreadable store
 * file moved aside with one error; the management API's pages and its errors.
 */
class DurableHistoryTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static EventHandlerServer start(final Path dir, final String mode, final String... more) {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(HistoryConfiguration.MODE.key(), mode);
        settings.put(HistoryConfiguration.DIR.key(), dir.toString());
        for (int i = 0; i < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    /** Publish with {@code Eh-Durable: true}. */
    static HttpResponse<String> publishDurably(final EventHandlerServer server, final String topic,
                                               final String payload) {
        final HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve(EhHttp.PUBLISH_PATH))
                .header("Content-Type", "application/json").header(EventHandlerApi.DURABLE_HEADER, "true")
                .timeout(Duration.ofSeconds(20)) // a commit that waited out a long commit interval fails the test
                .POST(HttpRequest.BodyPublishers.ofString(EhHttp.json(EhHttp.event(topic, payload)))).build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpResponse<String> events(final EventHandlerServer server, final String query) {
        return new EhHttp(server.baseUri()).get(EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_EVENTS + query);
    }

    private static HistoryPageDTO page(final EventHandlerServer server, final String query) {
        final HttpResponse<String> response = events(server, query);
        assertEquals(200, response.statusCode(), response::body);
        return EhHttp.read(response.body(), HistoryPageDTO.class);
    }

    private static JsonNode status(final EventHandlerServer server) {
        final HttpResponse<String> response = new EhHttp(server.baseUri())
                .get(EventHandlerApi.BASE_PATH + EventHandlerApi.MGMT_HISTORY);
        assertEquals(200, response.statusCode(), response::body);
        return EhHttp.read(response.body(), JsonNode.class);
    }

    private static SseTestClient resume(final EventHandlerServer server, final String topic, final long lastEventId) {
        final SseTestClient sse = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic,
                EventHandlerApi.LAST_EVENT_ID_HEADER + ": " + lastEventId);
        assertEquals(200, sse.status(), sse::errorBody);
        return sse;
    }

    private static List<Long> range(final long from, final long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void acknowledgedEventsAreReplayedAfterARestartAndNumberingContinues(@TempDir final Path dir) {
        try (EventHandlerServer first = start(dir, "DURABLE")) {
            for (int i = 1; i <= 5; i++) {
                final HttpResponse<String> response = publishDurably(first, "boiler", "p" + i);
                assertEquals(200, response.statusCode(), response::body);
                assertEquals("true", response.headers().firstValue(EventHandlerApi.DURABLE_HEADER).orElse(null));
            }
            new EhHttp(first.baseUri()).publishOk("other", "o1"); // not awaited: written behind, before the stop
        }
        assertTrue(Files.isRegularFile(dir.resolve(HistoryConfiguration.FILE_NAME)));
        try (EventHandlerServer second = start(dir, "DURABLE");
             SseTestClient sse = resume(second, "boiler", 0)) {
            eventually().until(() -> sse.ids().size() == 5);
            assertEquals(range(1, 5), sse.ids(), "original numbers");
            assertEquals(List.of("p1", "p2", "p3", "p4", "p5"), sse.payloads());
            assertEquals(List.of(), sse.gaps(), "no reset: the sequence survived");

            final HistoryPageDTO page = page(second, "?eventtype=boiler");
            assertEquals(range(1, 5), page.events().stream().map(HistoryEventDTO::sequence).toList());
            assertEquals(EhHttp.PUBLISHER.systemName(), page.events().get(0).source().systemName());
            assertEquals("DURABLE", page.mode());
            assertEquals(List.of(1L), page(second, "?eventtype=other").events().stream()
                    .map(HistoryEventDTO::sequence).toList());

            assertEquals(200, publishDurably(second, "boiler", "p6").statusCode());
            eventually().until(() -> sse.ids().size() == 6);
            assertEquals(6L, sse.ids().get(5), "numbering continues after the last stored number");
            final JsonNode durable = status(second).get("durable");
            assertEquals(2, durable.get("reloadedTopics").asInt());
            assertEquals(6, durable.get("reloadedEvents").asLong());
            assertTrue(durable.get("writer").get("writing").asBoolean());
        }
    }

    @Test
    void withSyncABatchIsAnsweredOnceEveryEventIsCommitted(@TempDir final Path dir) {
        final String batch = EhHttp.json(List.of(EhHttp.event("kiln", "k1"), EhHttp.event("press", "p1"),
                EhHttp.event("kiln", "k2"), EhHttp.event("press", "p2"), EhHttp.event("kiln", "k3")));
        try (EventHandlerServer first = start(dir, "DURABLE", HistoryConfiguration.SYNC.key(), "true")) {
            final HttpResponse<String> response = new EhHttp(first.baseUri()).request("POST",
                    EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH, "application/json", batch);
            EhHttp.assertOkEmpty(response);
            assertEquals("true", response.headers().firstValue(EventHandlerApi.DURABLE_HEADER).orElse(null));
            assertEquals("3", response.headers().firstValue(EventHandlerApi.SEQUENCE_HEADER).orElse(null),
                    "the number of the batch's last event");
        }
        try (EventHandlerServer second = start(dir, "DURABLE")) {
            assertEquals(List.of("k1", "k2", "k3"), page(second, "?eventtype=kiln").events().stream()
                    .map(HistoryEventDTO::payload).toList());
            assertEquals(List.of("p1", "p2"), page(second, "?eventtype=press").events().stream()
                    .map(HistoryEventDTO::payload).toList());
        }
    }

    private static JsonNode writer(final EventHandlerServer server) {
        return status(server).get("durable").get("writer");
    }

    @Test
    void aLongCommitIntervalGathersWhatNobodyAwaitsButNotAnAwaitedPublishAFullBatchOrTheStop(@TempDir final Path dir)
            throws InterruptedException {
        // a minute's interval: whatever is committed before the assertions' timeouts was committed by a hurry
        try (EventHandlerServer first = start(dir, "DURABLE", HistoryConfiguration.COMMIT_INTERVAL_MS.key(), "60000",
                HistoryConfiguration.BATCH_MAX.key(), "4")) {
            final EhHttp http = new EhHttp(first.baseUri());
            // idle for longer than the writer's one-second wait for events: the state under test, not a wait for one
            Thread.sleep(1_500);
            http.publishOk("line", "u1"); // the writer was idle: committed at once, then it gathers
            eventually().until(() -> writer(first).get("written").asLong() == 1);
            http.publishOk("line", "u2");
            http.publishOk("line", "u3");
            assertEquals(2, writer(first).get("queued").asInt(), "gathered, not committed");

            final HttpResponse<String> awaited = publishDurably(first, "line", "d4");
            assertEquals(200, awaited.statusCode(), awaited::body);
            assertEquals("true", awaited.headers().firstValue(EventHandlerApi.DURABLE_HEADER).orElse(null));
            assertEquals(4, writer(first).get("written").asLong());
            assertEquals(2, writer(first).get("commits").asLong(), "what gathered went with the awaited event");

            http.publishOk("line", "u5"); // after an awaited batch the writer does not gather
            eventually().until(() -> writer(first).get("written").asLong() == 5);
            for (int i = 6; i <= 9; i++) {
                http.publishOk("line", "u" + i); // a batch's worth (eh.history.batch.max) ends the gathering
            }
            eventually().until(() -> writer(first).get("written").asLong() == 9);
            assertEquals(4, writer(first).get("commits").asLong());

            http.publishOk("line", "u10"); // after a full batch neither: committed at once, then it gathers
            eventually().until(() -> writer(first).get("written").asLong() == 10);
            http.publishOk("line", "u11");
            assertEquals(1, writer(first).get("queued").asInt(), "gathering when the server stops");
            assertEquals(60000, status(first).get("commitIntervalMs").asInt());
        }
        try (EventHandlerServer second = start(dir, "DURABLE")) {
            assertEquals(List.of("u1", "u2", "u3", "d4", "u5", "u6", "u7", "u8", "u9", "u10", "u11"),
                    page(second, "?eventtype=line").events().stream().map(HistoryEventDTO::payload).toList(),
                    "the stop wrote what was gathering");
        }
    }

    @Test
    void theBoundsApplyToTheStoreAndTheReload(@TempDir final Path dir) {
        try (EventHandlerServer first = start(dir, "DURABLE", HistoryConfiguration.SIZE.key(), "3")) {
            for (int i = 1; i <= 7; i++) {
                assertEquals(200, publishDurably(first, "valve", "v" + i).statusCode());
            }
        }
        try (EventHandlerServer second = start(dir, "DURABLE", HistoryConfiguration.SIZE.key(), "3");
             SseTestClient sse = resume(second, "valve", 0)) {
            eventually().until(() -> sse.ids().size() == 3);
            assertEquals(range(5, 7), sse.ids());
            assertEquals(List.of(new GapNotice("valve", 1, 4, 4, "history")), sse.gaps(),
                    "what the bounds dropped is a gap, not a reset");
            assertEquals(3, status(second).get("durable").get("reloadedEvents").asLong());
        }
        // an age bound of one second leaves nothing of events written over a second ago, but the numbering
        try (EventHandlerServer third = start(dir, "DURABLE", HistoryConfiguration.MAX_AGE_S.key(), "1")) {
            eventually().until(() -> page(third, "?eventtype=valve").events().isEmpty());
            assertEquals(200, publishDurably(third, "valve", "v8").statusCode());
            assertEquals(List.of(8L), page(third, "?eventtype=valve").events().stream()
                    .map(HistoryEventDTO::sequence).toList());
        }
    }

    @Test
    void anUnreadableStoreFileIsMovedAsideWithOneErrorAndTheServiceStartsEmpty(@TempDir final Path dir)
            throws IOException {
        final Path file = dir.resolve(HistoryConfiguration.FILE_NAME);
        final byte[] garbage = new byte[64 * 1024];
        new java.util.Random(7).nextBytes(garbage);
        Files.write(file, garbage);
        try (LogCapture log = LogCapture.start(); EventHandlerServer server = start(dir, "DURABLE")) {
            final List<String> errors = log.warningsAndErrors().stream()
                    .filter(line -> line.contains("Durable history")).toList();
            assertEquals(1, errors.size(), () -> "one error line: " + log.warningsAndErrors());
            assertTrue(errors.get(0).contains(file.toAbsolutePath().toString()) && errors.get(0).contains(
                    "moved aside to"), errors.get(0));
            final JsonNode durable = status(server).get("durable");
            final Path aside = Path.of(durable.get("movedAside").asText());
            assertTrue(aside.getFileName().toString().startsWith("history.mv.corrupt-"), aside::toString);
            assertEquals(garbage.length, Files.size(aside), "kept as it was, for analysis");
            assertEquals(200, publishDurably(server, "pump", "after").statusCode(), "durable again, on a new file");
            try (SseTestClient sse = resume(server, "pump", 0)) {
                eventually().until(() -> sse.ids().size() == 1);
                assertEquals(List.of(1L), sse.ids());
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(2, files.count(), "the new store and the one moved aside");
        }
    }

    @Test
    void theManagementApiPagesATopicsHistoryAndExplainsBadRequests(@TempDir final Path dir) {
        try (EventHandlerServer server = start(dir, "MEMORY")) {
            final EhHttp http = new EhHttp(server.baseUri());
            for (int i = 1; i <= 7; i++) {
                http.publishOk("gauge", "g" + i);
            }
            final HistoryPageDTO first = page(server, "?eventtype=gauge&limit=3");
            assertEquals(range(1, 3), first.events().stream().map(HistoryEventDTO::sequence).toList());
            assertEquals(List.of("g1", "g2", "g3"), first.events().stream().map(HistoryEventDTO::payload).toList());
            assertTrue(first.more());
            assertEquals(3, first.nextAfter());
            final HistoryPageDTO rest = page(server, "?eventtype=gauge&after=3&limit=10");
            assertEquals(range(4, 7), rest.events().stream().map(HistoryEventDTO::sequence).toList());
            assertFalse(rest.more());
            assertEquals(7, rest.lastSequence());
            assertEquals("MEMORY", rest.mode());

            assertError(events(server, ""), 400, ExceptionType.BAD_PAYLOAD, "eventtype");
            assertError(events(server, "?eventtype=gauge&limit=0"), 400, ExceptionType.INVALID_PARAMETER, "limit");
            assertError(events(server, "?eventtype=gauge&limit=1001"), 400, ExceptionType.INVALID_PARAMETER,
                    "limit");
            assertError(events(server, "?eventtype=gauge&after=x"), 400, ExceptionType.BAD_PAYLOAD, "after");
            assertError(events(server, "?eventtype=nothing"), 404, ExceptionType.DATA_NOT_FOUND, "nothing");
            assertError(publishDurably(server, "gauge", "g8"), 409, ExceptionType.INVALID_PARAMETER,
                    "eh.history.mode=MEMORY");
            assertEquals(7, page(server, "?eventtype=gauge").lastSequence(), "the refused event was not accepted");
            assertEquals(Boolean.FALSE, status(server).has("durable") && !status(server).get("durable").isNull());
        }
        try (EventHandlerServer off = start(dir, "OFF")) {
            new EhHttp(off.baseUri()).publishOk("gauge", "g1");
            assertError(events(off, "?eventtype=gauge"), 409, ExceptionType.INVALID_PARAMETER, "OFF");
            assertFalse(Files.exists(dir.resolve(HistoryConfiguration.FILE_NAME)), "no store file unless DURABLE");
        }
    }

    private static void assertError(final HttpResponse<String> response, final int status,
                                    final ExceptionType type, final String mentions) {
        assertEquals(status, response.statusCode(), response::body);
        final var error = EhHttp.error(response);
        assertEquals(status, error.errorCode());
        assertEquals(type, error.exceptionType());
        assertNotNull(error.errorMessage());
        assertTrue(error.errorMessage().contains(mentions), error::errorMessage);
    }
}
