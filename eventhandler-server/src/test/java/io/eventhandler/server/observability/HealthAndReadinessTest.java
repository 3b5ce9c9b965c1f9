package io.eventhandler.server.observability;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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

    private final List<EventHandlerServer> pair = new ArrayList<>();

    @AfterEach
    void stopPair() {
        pair.forEach(EventHandlerServer::close);
    }

    @Test
    void aStandaloneInstanceIsAliveAndReady() {
        final EhHttp http = standalone.http();
        assertAnswer(http.get("/eventhandler/health"), 200, "UP", "STANDALONE", 0);
        assertAnswer(http.get("/eventhandler/ready"), 200, "READY", "STANDALONE", 0);
    }

    @Test
    void onlyTheServingPrimaryIsReadyAndTheBackupBecomesReadyWhenItTakesOver() {
        final int[] ports = freePorts();
        final EventHandlerServer primary = start(ports[0], "primary", ports[1]);
        final EventHandlerServer backup = start(ports[1], "backup", ports[0]);
        final EhHttp a = new EhHttp(primary.baseUri());
        final EhHttp b = new EhHttp(backup.baseUri());

        assertAnswer(a.get("/eventhandler/ready"), 200, "READY", "PRIMARY", 0);
        assertAnswer(b.get("/eventhandler/ready"), 503, "STANDBY", "BACKUP", 0);
        assertAnswer(a.get("/eventhandler/health"), 200, "UP", "PRIMARY", 0);
        assertAnswer(b.get("/eventhandler/health"), 200, "UP", "BACKUP", 0);
        final PrometheusText backupMetrics = PrometheusText.parse(b.get("/eventhandler/metrics").body());
        assertEquals(1, backupMetrics.value("eh_replication_role", "role", "BACKUP"));
        assertEquals(0, backupMetrics.value("eh_replication_serving"));

        primary.close();
        pair.remove(primary);

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

    private EventHandlerServer start(final int port, final String role, final int peerPort) {
        final Map<String, String> settings = new HashMap<>();
        settings.put(ServerConfiguration.PORT, Integer.toString(port));
        settings.put(ServerConfiguration.ADDRESS, "127.0.0.1");
        settings.put(ServerConfiguration.STORE_URL, "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(ReplicationConfiguration.ROLE, role);
        settings.put(ReplicationConfiguration.PEER, "http://127.0.0.1:" + peerPort);
        final EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        pair.add(server);
        return server;
    }

    private static int[] freePorts() {
        try (ServerSocket first = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket second = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {first.getLocalPort(), second.getLocalPort()};
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
