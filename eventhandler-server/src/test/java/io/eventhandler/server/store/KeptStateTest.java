package io.eventhandler.server.store;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.stream.Stream;

import static io.eventhandler.server.store.Fixtures.plain;
import static io.eventhandler.server.store.Fixtures.system;
import static io.eventhandler.server.store.Fixtures.tickingClock;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the store keeps beside the subscriptions, against every real database of {@link StoreTarget}: webhook
 * delivered positions (written in one batch, overwritten, forgotten with their subscription) and topic QoS
 * (replaced, removed).
 */
class KeptStateTest {

    @TempDir
    Path tempDir;

    static Stream<StoreTarget> targets() {
        return StoreTarget.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void deliveredPositionsAreWrittenOverwrittenAndForgottenWithTheirSubscription(final StoreTarget target)
            throws SQLException {
        try (SubscriptionStore store = target.open(target.fresh(tempDir), tickingClock())) {
            final long a = store.save(plain("pressure", system("a", 9001))).id();
            final long b = store.save(plain("pressure", system("b", 9002))).id();
            store.recordDeliveredPositions(Map.of(a, 10L, b, 3L));
            assertEquals(Map.of(a, 10L, b, 3L), store.deliveredPositions());
            store.recordDeliveredPositions(Map.of(a, 42L));
            assertEquals(Map.of(a, 42L, b, 3L), store.deliveredPositions());
            store.delete(b);
            store.recordDeliveredPositions(Map.of(a, 43L));
            assertEquals(Map.of(a, 43L), store.deliveredPositions(), "a deleted subscription's position goes");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void topicQosIsReplacedAndRemoved(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = target.open(target.fresh(tempDir), tickingClock())) {
            store.saveTopicQos("ALARM", "{\"retention\":6}");
            store.saveTopicQos("ALARM", "{\"retention\":7}");
            store.saveTopicQos("TEMPERATURE", "{\"retention\":1}");
            assertEquals(Map.of("ALARM", "{\"retention\":7}", "TEMPERATURE", "{\"retention\":1}"), store.topicQos());
            store.deleteTopicQos("ALARM");
            assertEquals(Map.of("TEMPERATURE", "{\"retention\":1}"), store.topicQos());
        }
    }
}
