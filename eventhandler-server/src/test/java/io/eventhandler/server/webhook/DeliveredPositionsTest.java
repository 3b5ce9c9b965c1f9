package io.eventhandler.server.webhook;

import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.store.NewSubscription;
import io.eventhandler.server.store.StoredSystem;
import io.eventhandler.server.store.SubscriptionStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Delivered positions move in memory and reach the store in batches: one write for everything that moved since the
 * last, none when nothing moved, and a last one at close.
 */
class DeliveredPositionsTest {

    @Test
    void deliveriesAreWrittenInBatchesOnlyWhenTheyMoved() {
        try (Runner runner = new Runner();
             SubscriptionStore store = SubscriptionStore.open(ServerConfiguration.fromMap(
                     Map.of("eh.store.url", "jdbc:h2:mem:positions")).store())) {
            final long a = store.save(subscription("a", 9001)).id();
            final long b = store.save(subscription("b", 9002)).id();
            final DeliveredPositions positions = new DeliveredPositions(store, Duration.ofHours(1), runner);
            final DeliveredPositions.Position first = positions.track(a, 0, true);
            final DeliveredPositions.Position second = positions.track(b, 5, true);
            assertEquals(0, positions.write(), "nothing moved: no write");
            for (long sequence = 1; sequence <= 1000; sequence++) {
                first.advance(sequence); // a thousand acknowledged deliveries, no write among them
            }
            assertEquals(Map.of(), store.deliveredPositions());
            assertEquals(1, positions.write(), "one write for everything that moved");
            assertEquals(Map.of(a, 1000L), store.deliveredPositions());
            assertEquals(0, positions.write());
            second.advance(9);
            positions.close();
            assertEquals(Map.of(a, 1000L, b, 9L), store.deliveredPositions(), "the last ones at close");
        }
    }

    private static NewSubscription subscription(final String name, final int port) {
        return new NewSubscription("pressure", new StoredSystem(name, "127.0.0.1", port, null, null), null, false,
                "/notify", null, null, List.of(), null, Set.of());
    }
}
