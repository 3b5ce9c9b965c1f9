package io.eventhandler.server.replication;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The pair in secure mode: the link runs over mutual TLS with each instance's Arrowhead certificate, and the
 * replication endpoints accept only the Event Handler's own system, so another local-cloud system cannot feed the
 * backup replicas or learn its role.
 */
class SecureReplicationPairTest {

    private static final TestCloud CLOUD = TestCloud.get();
    private static final TopicQosDTO CATEGORY_2 = new TopicQosDTO(100.0, 100.0, 0, 1, "EDGE", null);

    @AutoClose
    private final InProcessPair pair = new InProcessPair(CLOUD.serverSettings("eventhandler"), "https");

    @Test
    void replicasTravelOverMutualTlsAndOnlyTheEventHandlerItselfMayUseTheProtocol() throws IOException {
        final EventHandlerServer primary = pair.primary();
        final EventHandlerServer backup = pair.backup();
        final EhHttp sysopAtPrimary = new EhHttp(primary::baseUri, CLOUD.sslContext("sysop"));
        final EhHttp sysopAtBackup = new EhHttp(backup::baseUri, CLOUD.sslContext("sysop"));
        final String topic = EhHttp.uniqueTopic("secure-cat2");
        final HttpResponse<String> put = sysopAtPrimary.request("PUT", "/eventhandler/mgmt/qos/topics/" + topic,
                "application/json", EhHttp.json(CATEGORY_2));
        assertEquals(200, put.statusCode(), put::body);

        final EhHttp publisher = new EhHttp(primary::baseUri, CLOUD.sslContext("publisher"));
        for (int i = 0; i < 5; i++) {
            publisher.publishOk(new io.eventhandler.api.EventPublishRequestDTO(topic,
                    io.eventhandler.api.SystemRequestDTO.of("publisher", "127.0.0.1", 1), null, "p" + i, null));
        }
        eventually().untilAsserted(() -> {
            final JsonNode view = EhHttp.JSON.readTree(sysopAtBackup.get("/eventhandler/mgmt/replication").body());
            assertEquals("BACKUP", view.get("role").asText());
            // every event is either replicated or its replication aborted because it was dispatched first
            final long notSent = ReplicationViews.replicationsNotSent(sysopAtPrimary);
            assertEquals(5, view.get("buffer").get("received").asLong() + notSent, view + ", aborted " + notSent);
        });

        final EhHttp stranger = new EhHttp(backup::baseUri, CLOUD.sslContext("publisher"));
        final HttpResponse<String> status = stranger.get("/eventhandler/replication/status");
        assertEquals(401, status.statusCode(), status::body);
        final HttpResponse<String> batch = stranger.request("POST", "/eventhandler/replication/batch",
                "application/json", "{\"epoch\":9,\"configuredPrimary\":true}");
        assertEquals(401, batch.statusCode(), batch::body);
        final JsonNode view = EhHttp.JSON.readTree(sysopAtBackup.get("/eventhandler/mgmt/replication").body());
        assertEquals(0, view.get("epoch").asLong(), "a stranger's batch moves nothing");
    }
}
