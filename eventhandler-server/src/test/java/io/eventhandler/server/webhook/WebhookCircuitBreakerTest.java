package io.eventhandler.server.webhook;

import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver.Answer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A webhook subscriber that keeps failing stops being tried: once {@code eh.webhook.circuit.failures} events in a
 * row were given up on, the next ones fail at once (counted as failed), with no request sent and no backlog built.
 */
class WebhookCircuitBreakerTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            WebhookConfiguration.MAX_RETRIES.key(), "0",
            WebhookConfiguration.CIRCUIT_FAILURES.key(), "2",
            WebhookConfiguration.CIRCUIT_OPEN_MS.key(), "600000"));
    private static final EhHttp http = server.http();

    @Test
    void aFailingSubscriberIsNoLongerTriedOnceItsCircuitOpens() {
        final String topic = uniqueTopic("circuit");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            receiver.otherwise(Answer.FAIL);
            http.subscribeOk(EhHttp.subscription(topic, receiver.system("failing"), "/notify"));
            for (int i = 1; i <= 6; i++) {
                http.publishOk(topic, "e" + i);
            }
            eventually().until(() -> subscriber(topic).failed() == 6);
            assertEquals(2, receiver.requests().size(), "only the events before the circuit opened were sent");
            assertEquals(0, subscriber(topic).pending());
        }
    }

    private static EhHttp.Stats.Subscriber subscriber(final String topic) {
        return http.statistics().subscribersOf(topic).get(0);
    }
}
