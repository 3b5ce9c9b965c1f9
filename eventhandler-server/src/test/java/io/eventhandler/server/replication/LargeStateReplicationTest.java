package io.eventhandler.server.replication;

import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mirrored state (every topic's QoS, every webhook subscription) travels in one replication batch and can be far
 * larger than a client's request may be: the backup takes it up to {@code eh.replication.body.max.bytes}, while
 * clients keep {@code eh.max.body.bytes}. Found with the FRAME topic mix: at 850 topics the state no longer fit in the
 * 64 KB client limit, the backup answered 413, and the pair never connected.
 */
class LargeStateReplicationTest {

    private static final int TOPICS = 60;

    @AutoClose
    private final InProcessPair pair = new InProcessPair(Map.of(LimitsConfiguration.MAX_BODY_BYTES.key(), "4096"), "http");

    @Test
    void aStateLargerThanAClientsBodyLimitReachesTheBackup() {
        final EhHttp a = new EhHttp(pair.primary().baseUri());
        final EhHttp b = new EhHttp(pair.backup().baseUri());
        final String prefix = EhHttp.uniqueTopic("bulk");
        for (int i = 0; i < TOPICS; i++) {
            final HttpResponse<String> put = a.request("PUT", "/eventhandler/mgmt/qos/topics/" + prefix + "_" + i,
                    "application/json", EhHttp.json(new TopicQosDTO(100.0, 100.0, 3, 0, "EDGE", null)));
            assertEquals(200, put.statusCode(), put::body);
        }
        final String qosOfA = a.get("/eventhandler/mgmt/qos").body();
        assertTrue(qosOfA.length() > 4096, "the state must outgrow the client limit: " + qosOfA.length() + " bytes");

        final String last = (prefix + "_" + (TOPICS - 1)).toUpperCase(Locale.ROOT);
        eventually().until(() -> b.get("/eventhandler/mgmt/qos").body().contains(last));

        final HttpResponse<String> tooLarge = a.publish(EhHttp.event(prefix + "_0", "x".repeat(5000)));
        assertEquals(413, tooLarge.statusCode(), "a client's publish keeps the client limit: " + tooLarge.body());
    }
}
