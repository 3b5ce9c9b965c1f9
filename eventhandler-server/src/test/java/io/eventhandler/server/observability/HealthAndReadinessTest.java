package io.eventhandler.server.observability;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /eventhandler/health} and {@code /eventhandler/ready} of real servers: a standalone instance is alive and
 * ready; in a primary/backup pair (two instances in this JVM) both are alive, only the serving primary is ready, the
 * backup answers 503 STANDBY until it takes over, and then it is ready at the new epoch.
 */
class HealthAndReadinessTest {

    @RegisterExtension
    static final RunningServer standalone = RunningServer.with(Map.of());


    @Test
    void aStandaloneInstanceIsAliveAndReady() {
        final EhHttp http = standalone.http();
        assertAnswer(http.get("/eventhandler/health"), 200, "UP", "STANDALONE", 0);
        assertAnswer(http.get("/eventhandler/ready"), 200, "READY", "STANDALONE", 0);
    }

    @Test
    void onlyTheServingPrimaryIsReadyAndTheBackupBecomesReadyWhenItTakesOver() {
        try (InProcessPair pair = new InProcessPair(Map.of(), "http")) {
            onlyThePrimaryIsReady(pair);
        }
    }

    private static void onlyThePrimaryIsReady(final InProcessPair pair) {
        final EventHandlerServer primary = pair.primary();
        final EventHandlerServer backup = pair.backup();
        final EhHttp a = new EhHttp(primary.baseUri());
        final EhHttp b = new EhHttp(backup.baseUri());

        assertAnswer(a.get("/eventhandler/ready"), 200, "READY", "PRIMARY", 0);
        assertAnswer(b.get("/eventhandler/ready"), 503, "STANDBY", "BACKUP", 0);
        assertAnswer(a.get("/eventhandler/health"), 200, "UP", "PRIMARY", 0);
        assertAnswer(b.get("/eventhandler/health"), 200, "UP", "BACKUP", 0);
        final PrometheusText backupMetrics = PrometheusText.parse(b.get("/eventhandler/metrics").body());
        assertEquals(1, backupMetrics.value("eh_replication_role", "role", "BACKUP"));
        assertEquals(0, backupMetrics.value("eh_replication_serving"));

        pair.closePrimary();

        eventually().untilAsserted(() -> assertEquals(200, b.get("/eventhandler/ready").statusCode()));
        assertAnswer(b.get("/eventhandler/ready"), 200, "READY", "PRIMARY", 1);
        final PrometheusText promoted = PrometheusText.parse(b.get("/eventhandler/metrics").body());
        assertEquals(1, promoted.value("eh_replication_role", "role", "PRIMARY"));
        assertEquals(1, promoted.value("eh_replication_epoch"));
        assertEquals(1, promoted.value("eh_replication_serving"));
    }

    private static void assertAnswer(final HttpResponse<String> response, final int status, final String state,
                                     final String role, final long epoch) {
        assertEquals(status, response.statusCode(), response::body);
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        final JsonNode body = EhHttp.read(response.body(), JsonNode.class);
        assertEquals(state, body.get("status").asText(), response::body);
        assertEquals(role, body.get("role").asText(), response::body);
        assertEquals(epoch, body.get("epoch").asLong(), response::body);
        assertTrue(response.headers().firstValue("Cache-Control").orElse("").contains("no-store"));
    }
}
