package io.eventhandler.server.store;

import io.eventhandler.core.event.SystemRef;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.eventhandler.server.store.Fixtures.START;
import static io.eventhandler.server.store.Fixtures.ref;
import static io.eventhandler.server.store.Fixtures.system;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which publishers reach a subscriber: Arrowhead's publisher connections, decided from the stored state. */
class StoredSubscriptionTest {

    private static StoredSubscription subscription(final List<StoredSystem> sources, final Set<SystemRef> authorized) {
        return new StoredSubscription(1, new StoredEventType(1, "TEMPERATURE", START, START),
                system("consumer", 9001), null, false, "/notify", null, null, sources, 7L, authorized, START, START);
    }

    @Test
    void withoutSourcesEveryAuthorizedPublisherIsAccepted() {
        final StoredSubscription subscription = subscription(List.of(), Set.of(ref("a", 1), ref("b", 2)));
        assertFalse(subscription.onlyPredefinedPublishers());
        assertTrue(subscription.accepts(ref("a", 1)));
        assertTrue(subscription.accepts(SystemRef.of(" A ", "127.0.0.1", 1)));
        assertFalse(subscription.accepts(ref("c", 3)), "an unauthorized publisher never reaches the subscriber");
    }

    @Test
    void withSourcesOnlyAuthorizedSourcesAreAccepted() {
        final StoredSubscription subscription = subscription(List.of(system("A", 1), system("c", 3)),
                Set.of(ref("a", 1), ref("b", 2)));
        assertTrue(subscription.onlyPredefinedPublishers());
        assertTrue(subscription.accepts(ref("a", 1)));
        assertFalse(subscription.accepts(ref("b", 2)), "authorized, but not a requested source");
        assertFalse(subscription.accepts(ref("c", 3)), "a requested source, but not authorized");
    }

    @Test
    void newSubscriptionsNormaliseAsArrowhead() {
        final NewSubscription subscription = new NewSubscription(" temperature.Sensor ", system(" Consumer ", 9001),
                null, false, "/notify", null, null, null, null, null);
        assertEquals("TEMPERATURE.SENSOR", subscription.eventType());
        assertEquals(ref("consumer", 9001), subscription.subscriber().ref());
        assertEquals(List.of(), subscription.sources());
        assertEquals(Set.of(), subscription.authorizedPublishers());
    }
}
