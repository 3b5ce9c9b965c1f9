package io.eventhandler.server.subscription;

import io.eventhandler.api.SubscriptionListResponseDTO;
import io.eventhandler.api.SubscriptionResponseDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An Arrowhead subscriber subscribes once and keeps receiving: its webhook subscription is in the embedded database
 * and is attached again when the Event Handler restarts, before the restarted one accepts a publish.
 */
class DurableSubscriptionTest {

    private static EventHandlerServer start(final Path dataDir) {
        return EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:file:" + dataDir.resolve("eventhandler"))));
    }

    @Test
    void aWebhookSubscriptionSurvivesARestart(@TempDir final Path dataDir) {
        final String topic = uniqueTopic("durable");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            try (EventHandlerServer first = start(dataDir)) {
                final EhHttp http = new EhHttp(first.baseUri());
                http.subscribeOk(EhHttp.subscription(topic, receiver.system("subscriber"), "/notify"));
                http.publishOk(topic, "before");
                eventually().until(() -> receiver.payloads().equals(List.of("before")));
            }
            try (EventHandlerServer second = start(dataDir)) {
                final EhHttp http = new EhHttp(second.baseUri());
                http.publishOk(topic, "after");
                eventually().until(() -> receiver.payloads().equals(List.of("before", "after")));

                final SubscriptionListResponseDTO listed = EhHttp.read(
                        http.get("/eventhandler/mgmt/subscriptions").body(), SubscriptionListResponseDTO.class);
                assertEquals(1, listed.count());
                final SubscriptionResponseDTO subscription = listed.data().get(0);
                assertEquals(topic.toUpperCase(), subscription.eventType().eventTypeName());
                assertEquals("subscriber", subscription.subscriberSystem().systemName());
                assertEquals("/notify", subscription.notifyUri());
            }
        }
    }

    @Test
    void anUnsubscribedSubscriptionStaysGoneAfterARestart(@TempDir final Path dataDir) {
        final String topic = uniqueTopic("durable-unsubscribed");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            try (EventHandlerServer first = start(dataDir)) {
                final EhHttp http = new EhHttp(first.baseUri());
                http.subscribeOk(EhHttp.subscription(topic, receiver.system("subscriber"), "/notify"));
                EhHttp.assertOkEmpty(http.unsubscribe(topic, "subscriber", "127.0.0.1",
                        Integer.toString(receiver.port())));
            }
            try (EventHandlerServer second = start(dataDir)) {
                final EhHttp http = new EhHttp(second.baseUri());
                assertEquals(0, EhHttp.read(http.get("/eventhandler/mgmt/subscriptions").body(),
                        SubscriptionListResponseDTO.class).count());
                assertEquals(0, http.statistics().subscribersOf(topic).size());
            }
        }
    }
}
