package io.eventhandler.server.subscription;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Standalone authorization: with rules, a subscriber gets only the publishers listed for it. */
class LocalAuthorizationPolicyTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(ArrowheadConfiguration.LOCAL_AUTHORIZATION_RULES.key(),
            "dashboard:sensor,Thermometer; archive:*"));
    private static final EhHttp http = server.http();

    private static EventPublishRequestDTO from(final String publisher, final String topic, final String payload) {
        return new EventPublishRequestDTO(topic, SystemRequestDTO.of(publisher, "10.0.0.7", 5000), null, payload,
                null);
    }

    @Test
    void subscribersGetExactlyTheirPermittedPublishers() {
        final String topic = uniqueTopic("policy");
        try (ScriptedWebhookReceiver dashboard = ScriptedWebhookReceiver.start();
             ScriptedWebhookReceiver archive = ScriptedWebhookReceiver.start();
             ScriptedWebhookReceiver stranger = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(EhHttp.subscription(topic, dashboard.system("dashboard"), "/n"));
            http.subscribeOk(EhHttp.subscription(topic, archive.system("archive"), "/n"));
            http.subscribeOk(EhHttp.subscription(topic, stranger.system("stranger"), "/n"));

            http.publishOk(from("sensor", topic, "1"));
            http.publishOk(from("camera", topic, "2"));
            http.publishOk(from("THERMOMETER", topic, "3"));

            eventually().until(() -> archive.payloads().size() == 3);
            eventually().until(() -> dashboard.payloads().size() == 2);
            assertEquals(List.of("1", "3"), dashboard.payloads());
            assertEquals(List.of("1", "2", "3"), archive.payloads());
            assertTrue(stranger.payloads().isEmpty(), "a subscriber without a rule gets nothing");
        }
    }

    @Test
    void anSseStreamIsFilteredForTheSystemItNames() {
        final String topic = uniqueTopic("policy-sse");
        try (SseTestClient dashboard = SseTestClient.openQuery(server.baseUri(),
                "?eventtype=" + topic + "&system_name=dashboard");
             SseTestClient anonymous = SseTestClient.open(server.baseUri(), topic)) {
            http.publishOk(from("camera", topic, "1"));
            http.publishOk(from("sensor", topic, "2"));
            eventually().until(() -> dashboard.payloads().size() == 1);
            assertEquals(List.of("2"), dashboard.payloads());
            assertEquals(2, http.statistics().topic(topic).accepted());
            assertTrue(anonymous.payloads().isEmpty(), "with rules, a stream that names nobody gets nothing");
        }
    }

    @Test
    void aMalformedRuleStopsTheStart() {
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> EventHandlerServer.start(
                ServerConfiguration.fromMap(Map.of(HttpConfiguration.PORT.key(), "0",
                        StoreConfiguration.URL.key(), "jdbc:h2:mem:policy-bad",
                        ArrowheadConfiguration.LOCAL_AUTHORIZATION_RULES.key(), "dashboard"))));
        assertEquals(List.of("eh.local.authorization.rules: authorization rule 'dashboard' is not "
                + "subscriber:publisher[,publisher...] or subscriber:*"), e.problems());
    }
}
