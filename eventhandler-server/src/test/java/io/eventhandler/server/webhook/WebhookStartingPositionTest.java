package io.eventhandler.server.webhook;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.store.SubscriptionStore;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * With a durable history, a new webhook subscription's starting position is in the store once its subscribe is
 * answered, not at the position timer's next write: a crash before that write restored the subscription without a
 * position, and it resumed from the events accepted after the restart, skipping the acknowledged ones it had not been
 * delivered yet.
 */
class WebhookStartingPositionTest {

    @Test
    void aNewSubscriptionsStartingPositionIsStoredBeforeItsSubscribeIsAnswered(@TempDir final Path dir) {
        final String store = "jdbc:h2:mem:eh-" + UUID.randomUUID();
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), store,
                HistoryConfiguration.MODE.key(), "DURABLE",
                HistoryConfiguration.DIR.key(), dir.toString(),
                WebhookConfiguration.POSITION_INTERVAL_MS.key(), "3600000")))) { // the timer never writes here
            final EhHttp http = new EhHttp(server.baseUri());
            final String topic = EhHttp.uniqueTopic("start");
            for (int i = 1; i <= 3; i++) {
                http.publishOk(topic, "before-" + i);
            }
            http.subscribeOk(EhHttp.subscription(topic, SystemRequestDTO.of("late-webhook", "127.0.0.1", 9002),
                    "http://127.0.0.1:9/notify"));
            try (SubscriptionStore peek = SubscriptionStore.open(ServerConfiguration.fromMap(
                    Map.of(StoreConfiguration.URL.key(), store)).store())) {
                assertEquals(List.of(3L), List.copyOf(peek.deliveredPositions().values()),
                        "starts after the three events accepted before it");
            }
        }
    }
}
