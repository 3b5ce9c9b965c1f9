package io.eventhandler.server.replication;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In plain mode no certificate names the caller of the replication endpoints. A forged batch at a newer epoch, with
 * an empty mirrored state, made a primary step down and deleted every webhook subscription on both instances: the
 * endpoints are off on an instance not in a pair, and a pair takes only requests that carry its shared secret, or
 * come from its own host when so configured (403 otherwise); a pair without either does not start.
 */
class ReplicationEndpointGuardTest {

    /** A newer epoch and an empty state: what made the primary step down and drop its subscriptions. */
    private static final String FORGED = "{\"epoch\":99,\"configuredPrimary\":true,\"state\":{\"subscriptions\":[],"
            + "\"qos\":{},\"graph\":null},\"replicas\":[],\"discards\":[],\"numbering\":\"forged\"}";

    @RegisterExtension
    static final RunningServer STANDALONE = RunningServer.with(Map.of());

    @Test
    void anInstanceNotInAPairRefusesTheReplicationEndpoints() {
        final EhHttp http = new EhHttp(STANDALONE.baseUri());
        final HttpResponse<String> batch = http.request("POST", PeerClient.BATCH, "application/json", FORGED);
        assertEquals(403, batch.statusCode(), batch::body);
        assertEquals(ExceptionType.AUTH, EhHttp.error(batch).exceptionType());
        assertTrue(EhHttp.error(batch).errorMessage().contains("not enabled"), batch::body);
        assertEquals(403, http.get(PeerClient.STATUS).statusCode());
    }

    @Test
    void aForgedBatchToAPlainPairIsRefusedAndChangesNothingWhileThePairStillReplicates() {
        try (InProcessPair pair = new InProcessPair(Map.of(), "http");
             ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            final EhHttp a = new EhHttp(pair.primary().baseUri());
            final EhHttp b = new EhHttp(pair.backup().baseUri());
            final String topic = EhHttp.uniqueTopic("guarded");
            a.subscribeOk(EhHttp.subscription(topic, receiver.system("kept-subscriber"), "/notify"));
            eventually().until(() -> b.get("/eventhandler/mgmt/subscriptions").body().contains("kept-subscriber"));

            for (final EhHttp target : new EhHttp[] {a, b}) {
                for (final String[] headers : new String[][] {{}, {PeerGate.SECRET_HEADER, "not-the-secret-at-all"}}) {
                    final HttpResponse<String> forged = target.request("POST", PeerClient.BATCH,
                            "application/json", FORGED, headers);
                    assertEquals(403, forged.statusCode(), forged::body);
                    final ErrorMessageDTO error = EhHttp.error(forged);
                    assertEquals(ExceptionType.AUTH, error.exceptionType());
                    assertTrue(error.errorMessage().contains("shared secret"), error.errorMessage());
                    assertEquals(403, target.request("GET", PeerClient.STATUS, null, null, headers).statusCode());
                }
            }

            // nothing changed: the primary serves, both still hold the subscription, and replication goes on
            a.publishOk(topic, "after the forgery");
            eventually().until(() -> receiver.accepted().size() == 1);
            assertTrue(a.get("/eventhandler/mgmt/subscriptions").body().contains("kept-subscriber"));
            assertTrue(b.get("/eventhandler/mgmt/subscriptions").body().contains("kept-subscriber"));
            final String primary = a.get("/eventhandler/mgmt/replication").body();
            assertTrue(primary.contains("\"serving\":true") && primary.contains("\"stepDowns\":0"), primary);
            a.subscribeOk(EhHttp.subscription(topic, receiver.system("later-subscriber"), "/notify"));
            eventually().until(() -> b.get("/eventhandler/mgmt/subscriptions").body().contains("later-subscriber"));
        }
    }

    @Test
    void aLoopbackOnlyPairRefusesCallersFromElsewhere() {
        final PeerGate gate = new PeerGate(configuration(Map.of(ReplicationConfiguration.LOOPBACK_ONLY.key(),
                "true")));
        gate.check(null, "127.0.0.1", PeerClient.BATCH);
        gate.check(null, "0:0:0:0:0:0:0:1", PeerClient.BATCH);
        final ArrowheadException refused = assertThrows(ArrowheadException.class,
                () -> gate.check(null, "10.1.2.3", PeerClient.BATCH));
        assertEquals(403, refused.status());
    }

    @Test
    void aPlainPairWithoutSecretOrLoopbackOnlyDoesNotStart() {
        final ConfigurationException refused = assertThrows(ConfigurationException.class, () -> configuration(
                Map.of()));
        assertTrue(refused.getMessage().contains(ReplicationConfiguration.SECRET.key()), refused.getMessage());
        assertFalse(refused.getMessage().contains("Exception"), refused.getMessage());
    }

    private static ReplicationConfiguration configuration(final Map<String, String> extra) {
        final java.util.HashMap<String, String> settings = new java.util.HashMap<>(extra);
        settings.put(ReplicationConfiguration.ROLE.key(), "PRIMARY");
        settings.put(ReplicationConfiguration.PEER.key(), "http://127.0.0.1:9");
        return ServerConfiguration.fromMap(settings).replication();
    }
}
