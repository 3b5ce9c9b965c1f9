package io.eventhandler.server.engine;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SubscriberRequirementsDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.EngineConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.error;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operator engine inside the running Event Handler: a graph from the configured file turns published events into
 * a derived topic that an SSE subscriber receives like any other; the graph is replaced through the management API
 * without a restart; a bad graph is refused with every problem named.
 */
class EngineEndToEndTest {

    private static final String GRAPH = """
            {"operators": [
              {"id": "smooth", "type": "moving-average", "inputs": ["topic:PRESSURE"],
               "parameters": {"window": "2"}},
              {"id": "alarm", "type": "threshold", "inputs": ["smooth"],
               "parameters": {"op": ">", "value": "10"}, "outputTopic": "PRESSURE_ALARM", "priority": 5}
            ]}
            """;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(EngineConfiguration.GRAPH.key(),
            TestFiles.temporary("graph", GRAPH).toString(), EngineConfiguration.RESERVED_WORKERS.key(), "1"));
    private static final EhHttp http = server.http();

    private static void publish(final String topic, final String payload) {
        http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("gauge", "127.0.0.1", 7000), null,
                payload, null));
    }

    @Test
    void publishedEventsBecomeDerivedEventsOfTheConfiguredGraph() {
        try (SseTestClient alarms = SseTestClient.open(server.baseUri(), "pressure_alarm")) {
            // each one processed before the next: a newer event replaces a waiting one of its type (by design), so
            // on a busy machine "20" could otherwise replace "8" and the average would be 12
            publishAndAwait("4", 1);
            publishAndAwait("8", 2);     // average 6: below the threshold
            publishAndAwait("20", 3);    // average 14: an alarm
            eventually().until(() -> alarms.payloads().size() == 1);
            assertEquals(List.of("14.0"), alarms.payloads());
            assertEquals("PRESSURE_ALARM", alarms.events().get(0).eventType());
        }
        final EngineStatisticsView statistics = statistics();
        assertEquals(3, statistics.operators().get("smooth").invocations(), statistics.toString());
        assertEquals(1, statistics.operators().get("alarm").outputs(), statistics.toString());
    }

    @Test
    void theConfiguredWorkerForTheHighestPriorityRuns() {
        // no other server in this JVM reserves one: the default is none
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("eh-engine-highest-")), "no reserved engine worker running");
    }

    private static void publishAndAwait(final String payload, final long invocations) {
        publish("pressure", payload);
        eventually().until(() -> statistics().operators().get("smooth").invocations() >= invocations);
    }

    private static EngineStatisticsView statistics() {
        return EhHttp.read(http.get("/eventhandler/mgmt/engine/statistics").body(), EngineStatisticsView.class);
    }

    @Test
    void subscribersRaiseTheirDerivedTopicsPriorityOnlyWhileSubscribed() {
        assertEquals(Map.of("smooth", 5, "alarm", 5), statistics().priorities());
        final SystemRequestDTO dashboard = SystemRequestDTO.of("dashboard", "127.0.0.1", 9999);
        try (SseTestClient urgent = SseTestClient.openQuery(server.baseUri(), "?eventtype=pressure_alarm&priority=9")) {
            assertEquals(200, urgent.status(), urgent.errorBody());
            // applied before the stream's head is sent
            assertEquals(Map.of("smooth", 9, "alarm", 9), statistics().priorities());
            assertEquals(Map.of("PRESSURE_ALARM", 9), statistics().requested());
            assertEquals(List.of(9), statistics().levels().stream().map(EngineStatisticsView.Level::priority).toList());

            // an Arrowhead webhook subscription asks through the request's extension field
            http.subscribeOk(new SubscriptionRequestDTO("pressure_alarm", dashboard, null, "/notify", false, null,
                    null, null, new SubscriberRequirementsDTO(12)));
            eventually().until(() -> statistics().priorities().get("alarm") == 12);
            assertTrue(http.get("/eventhandler/mgmt/subscriptions").body()
                    .contains("\"requirements\":{\"priority\":12}"));
            EhHttp.assertOkEmpty(http.unsubscribe("pressure_alarm", "dashboard", "127.0.0.1", "9999"));
            eventually().until(() -> statistics().priorities().get("alarm") == 9);
        }
        // the stream closed: the configured priority is back
        eventually().until(() -> statistics().priorities().get("alarm") == 5);
        assertEquals(Map.of(), statistics().requested());
    }

    @Test
    void aPriorityThatIsNotAWholeNumberIsRefused() {
        try (SseTestClient bad = SseTestClient.openQuery(server.baseUri(), "?eventtype=pressure_alarm&priority=high")) {
            assertEquals(400, bad.status());
            assertTrue(bad.errorBody().contains("'priority'"), bad.errorBody());
        }
        final HttpResponse<String> refused = http.subscribe("""
                {"eventType": "pressure_alarm", "notifyUri": "/n", "matchMetaData": false,
                 "subscriberSystem": {"systemName": "dashboard", "address": "127.0.0.1", "port": 9999},
                 "requirements": {"priority": "high"}}
                """);
        assertEquals(400, refused.statusCode(), refused.body());
    }

    @Test
    void theGraphIsReplacedWithoutARestartAndABadOneIsRefused() {
        final HttpResponse<String> bad = http.request("PUT", "/eventhandler/mgmt/engine/graph", "application/json", """
                {"operators": [
                  {"id": "a", "type": "nonsense", "inputs": ["b"]},
                  {"id": "b", "type": "fft", "inputs": ["a"], "outputTopic": "X", "priority": 1}
                ]}
                """);
        assertEquals(400, bad.statusCode());
        assertEquals(ExceptionType.INVALID_PARAMETER, error(bad).exceptionType());
        assertTrue(error(bad).errorMessage().contains("nonsense"), error(bad).errorMessage());
        assertTrue(error(bad).errorMessage().toLowerCase().contains("cycle"), error(bad).errorMessage());

        final HttpResponse<String> replaced = http.request("PUT", "/eventhandler/mgmt/engine/graph",
                "application/json", """
                {"operators": [{"id": "join", "type": "concat", "inputs": ["topic:LEFT", "topic:RIGHT"],
                                "parameters": {"separator": "|"}, "outputTopic": "JOINED", "priority": 1}]}
                """);
        assertEquals(200, replaced.statusCode(), replaced.body());
        assertEquals("join", EhHttp.read(http.get("/eventhandler/mgmt/engine/graph").body(), OperatorGraphDTO.class)
                .operators().get(0).id());
        try (SseTestClient joined = SseTestClient.open(server.baseUri(), "joined")) {
            publish("left", "L1");
            publish("right", "R1");
            eventually().until(() -> joined.payloads().size() == 1);
            assertEquals(List.of("L1|R1"), joined.payloads());
        }
        // put the file's graph back for the other test
        assertEquals(200, http.request("PUT", "/eventhandler/mgmt/engine/graph", "application/json", GRAPH)
                .statusCode());
    }

    @Test
    void aBadGraphFileStopsTheStart(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("graph.json");
        Files.writeString(file, """
                {"operators": [{"id": "x", "type": "fft", "inputs": ["topic:A"]}]}
                """);
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> EventHandlerServer.start(
                ServerConfiguration.fromMap(Map.of(HttpConfiguration.PORT.key(), "0",
                        StoreConfiguration.URL.key(), "jdbc:h2:mem:bad-graph",
                        EngineConfiguration.GRAPH.key(), file.toString()))));
        assertTrue(e.getMessage().contains("eh.engine.graph=" + file), e.getMessage());
    }

    /** The parts of the engine's statistics this test reads. */
    record EngineStatisticsView(Map<String, Operator> operators, Map<String, Integer> priorities,
                                Map<String, Integer> requested, List<Level> levels) {
        record Operator(long invocations, long outputs) {
        }

        record Level(int priority) {
        }
    }
}
