package io.eventhandler.server.store;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.eventhandler.server.store.Fixtures.full;
import static io.eventhandler.server.store.Fixtures.plain;
import static io.eventhandler.server.store.Fixtures.ref;
import static io.eventhandler.server.store.Fixtures.system;
import static io.eventhandler.server.store.Fixtures.tickingClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store's operations against every real database of {@link StoreTarget}: what is saved reads back field for
 * field, subscribing again replaces, management updates keep Arrowhead's uniqueness rule, and concurrent subscribers
 * do not corrupt it.
 */
class SubscriptionStoreTest {

    @TempDir
    Path tempDir;

    static Stream<StoreTarget> targets() {
        return StoreTarget.all();
    }

    private SubscriptionStore open(final StoreTarget target) throws SQLException {
        final StoreConfiguration configuration = target.fresh(tempDir);
        return target.open(configuration, tickingClock());
    }

    private static void assertArrowheadError(final ArrowheadException e, final ExceptionType type, final int status,
                                             final String message) {
        assertEquals(type, e.type());
        assertEquals(status, e.status());
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void savedSubscriptionReadsBackFieldForField(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final NewSubscription wanted = full("  temperature ", new StoredSystem(" Consumer ", "LOCALHOST", 9001,
                    "a2V5", Map.of("role", "display")));
            final StoredSubscription saved = store.save(wanted);

            assertEquals("TEMPERATURE", saved.eventTypeName());
            assertEquals(new StoredSystem("consumer", "localhost", 9001, "a2V5", Map.of("role", "display")),
                    saved.subscriber());
            assertEquals(wanted.filterMetaData(), saved.filterMetaData());
            assertTrue(saved.matchMetaData());
            assertEquals("/notify/temperature", saved.notifyUri());
            assertEquals(wanted.startDate(), saved.startDate());
            assertEquals(wanted.endDate(), saved.endDate());
            assertEquals(wanted.sources(), saved.sources());
            assertTrue(saved.onlyPredefinedPublishers());
            assertEquals(42L, saved.consumerId());
            assertEquals(wanted.authorizedPublishers(), saved.authorizedPublishers());
            assertEquals(7, saved.requirements().priority());
            assertEquals(saved.createdAt(), saved.updatedAt());
            assertEquals(wanted, saved.toNew());
            assertEquals(saved, store.find(saved.id()).orElseThrow());
            assertEquals(saved, store.get(saved.id()));
            assertEquals(List.of(saved), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void absentOptionalFieldsStayAbsent(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription saved = store.save(plain("pressure", system("consumer", 9001)));
            assertNull(saved.filterMetaData());
            assertNull(saved.startDate());
            assertNull(saved.endDate());
            assertNull(saved.consumerId());
            assertNull(saved.subscriber().authenticationInfo());
            assertNull(saved.subscriber().metadata());
            assertEquals(List.of(), saved.sources());
            assertFalse(saved.onlyPredefinedPublishers());
            assertEquals(Set.of(), saved.authorizedPublishers());

            final NewSubscription emptyFilter = new NewSubscription("humidity", system("consumer", 9001), Map.of(),
                    false, "/notify", null, null, List.of(), null, Set.of());
            assertEquals(Map.of(), store.save(emptyFilter).filterMetaData());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void eventTypesAreNormalisedAndCreatedOnce(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription first = store.save(plain(" temperature", system("a", 1)));
            final StoredSubscription second = store.save(plain("TEMPERATURE ", system("b", 2)));
            final StoredSubscription other = store.save(plain("pressure", system("a", 1)));
            assertEquals(first.eventType(), second.eventType());
            assertEquals("TEMPERATURE", first.eventType().name());
            assertNotEquals(first.eventType().id(), other.eventType().id());
            assertEquals(3, store.all().size());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void subscribingAgainReplacesTheSubscriptionOfTheSameTypeAndSubscriber(final StoreTarget target)
            throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription first = store.save(full("temperature", system("consumer", 9001)));
            final StoredSubscription otherType = store.save(plain("pressure", system("consumer", 9001)));
            final StoredSubscription otherSubscriber = store.save(plain("temperature", system("consumer", 9002)));

            final NewSubscription again = new NewSubscription(" Temperature", system("CONSUMER", 9001), null, false,
                    "/notify/again", null, null, List.of(), null, Set.of());
            final StoredSubscription replacement = store.save(again);

            assertTrue(replacement.id() > first.id(), "a replacement is a new subscription, as in Arrowhead");
            assertTrue(store.find(first.id()).isEmpty());
            assertEquals("/notify/again", replacement.notifyUri());
            assertNull(replacement.consumerId());
            assertEquals(List.of(otherType, otherSubscriber, replacement), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void aFailedReplacementLeavesTheOldSubscriptionInPlace(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription old = store.save(full("temperature", system("consumer", 9001)));
            // longer than the authentication info column: the insert fails after the delete ran
            final StoredSystem tooLong = new StoredSystem("consumer", "127.0.0.1", 9001, "k".repeat(3_000), null);

            final ArrowheadException e = assertThrows(ArrowheadException.class,
                    () -> store.save(plain("temperature", tooLong)));

            assertArrowheadError(e, ExceptionType.ARROWHEAD, 500, "Database operation exception");
            assertEquals(List.of(old), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void concurrentSubscribersEndWithOneSubscriptionPerTypeAndSubscriber(final StoreTarget target) throws Exception {
        final int threads = 8;
        final int savesPerThread = 25;
        final ExecutorService executor = Executors.newFixedThreadPool(threads);
        try (SubscriptionStore store = open(target)) {
            final CountDownLatch start = new CountDownLatch(1);
            final List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int thread = t;
                futures.add(executor.submit(() -> {
                    start.await();
                    for (int i = 0; i < savesPerThread; i++) {
                        final String type = (thread + i) % 2 == 0 ? "temperature" : "pressure";
                        store.save(plain(type, system("consumer-" + (i % 4), 9000 + i % 4)));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (final Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }

            final List<StoredSubscription> all = store.all();
            final Set<String> pairs = new HashSet<>();
            for (final StoredSubscription subscription : all) {
                pairs.add(subscription.eventTypeName() + "/" + subscription.subscriber().ref());
            }
            assertEquals(8, all.size(), all::toString);
            assertEquals(8, pairs.size());
        } finally {
            executor.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void updateReplacesTheContentAndKeepsIdAndCreationTime(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription original = store.save(full("temperature", system("consumer", 9001)));
            final NewSubscription changed = plain("brand-new-type", system("other-consumer", 9002));

            final StoredSubscription updated = store.update(original.id(), changed);

            assertEquals(original.id(), updated.id());
            assertEquals(original.createdAt(), updated.createdAt());
            assertTrue(updated.updatedAt().isAfter(original.updatedAt()));
            assertEquals("BRAND-NEW-TYPE", updated.eventTypeName());
            assertEquals(changed, updated.toNew());
            assertEquals(List.of(updated), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void updateKeepingTypeAndSubscriberIsNoCollision(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription original = store.save(plain("temperature", system("consumer", 9001)));
            final NewSubscription sameKey = new NewSubscription("TEMPERATURE", system("Consumer", 9001), null, false,
                    "/notify/elsewhere", null, null, List.of(), null, Set.of());
            assertEquals("/notify/elsewhere", store.update(original.id(), sameKey).notifyUri());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void updateOntoAnotherSubscriptionsTypeAndSubscriberIsRejected(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription taken = store.save(plain("temperature", system("consumer", 9001)));
            final StoredSubscription moving = store.save(plain("pressure", system("consumer", 9001)));

            final ArrowheadException e = assertThrows(ArrowheadException.class,
                    () -> store.update(moving.id(), plain("Temperature", system("consumer", 9001))));

            assertArrowheadError(e, ExceptionType.INVALID_PARAMETER, 400,
                    "Subscription violates unique constraint rules");
            assertEquals(List.of(taken, moving), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void unknownIdsAreArrowheadsInvalidParameter(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription existing = store.save(plain("temperature", system("consumer", 9001)));
            final long unknown = existing.id() + 1000;

            assertArrowheadError(assertThrows(ArrowheadException.class, () -> store.get(unknown)),
                    ExceptionType.INVALID_PARAMETER, 400, "Subscription with id of '" + unknown + "' not exists");
            assertArrowheadError(assertThrows(ArrowheadException.class,
                            () -> store.update(unknown, plain("pressure", system("consumer", 9001)))),
                    ExceptionType.INVALID_PARAMETER, 400, "Subscription with id of '" + unknown + "' not exists");
            assertTrue(store.find(unknown).isEmpty());
            assertFalse(store.delete(unknown));
            assertFalse(store.updateAuthorization(unknown, 1L, Set.of()));
            assertEquals(List.of(existing), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void deleteByIdAndUnsubscribe(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription byId = store.save(plain("temperature", system("consumer", 9001)));
            final StoredSubscription byKey = store.save(plain("pressure", system("consumer", 9001)));
            final StoredSubscription kept = store.save(plain("pressure", system("consumer", 9002)));

            assertTrue(store.delete(byId.id()));
            assertFalse(store.delete(byId.id()));
            assertFalse(store.delete("unknown-type", ref("consumer", 9001)));
            assertFalse(store.delete("pressure", ref("consumer", 9003)));
            assertTrue(store.delete(" Pressure ", new SystemRef("CONSUMER", "127.0.0.1", 9001)));
            assertFalse(store.delete("pressure", ref("consumer", 9001)));

            assertTrue(store.find(byKey.id()).isEmpty());
            assertEquals(List.of(kept), store.all());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void authorizationStateIsUpdatedAndFoundBySubscriberId(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = open(target)) {
            final StoredSubscription first = store.save(plain("temperature", system("consumer", 9001)));
            final StoredSubscription other = store.save(full("temperature", system("other", 9002)));
            final StoredSubscription second = store.save(plain("pressure", system("consumer", 9001)));
            final Set<SystemRef> publishers = Set.of(ref("thermometer", 9410), ref("barometer", 9420));

            assertTrue(store.updateAuthorization(first.id(), 7L, publishers));
            assertTrue(store.updateAuthorization(second.id(), 7L, Set.of()));

            final List<StoredSubscription> ofSeven = store.bySubscriberId(7L);
            assertEquals(List.of(first.id(), second.id()), ofSeven.stream().map(StoredSubscription::id).toList());
            assertEquals(publishers, ofSeven.get(0).authorizedPublishers());
            assertEquals(Set.of(), ofSeven.get(1).authorizedPublishers());
            assertEquals(first.updatedAt(), ofSeven.get(0).updatedAt(), "authorization is not a management update");
            assertEquals(List.of(other), store.bySubscriberId(42L));
            assertEquals(List.of(), store.bySubscriberId(8L));

            assertTrue(store.updateAuthorization(first.id(), null, Set.of()));
            assertEquals(List.of(second.id()), store.bySubscriberId(7L).stream().map(StoredSubscription::id).toList());
        }
    }
}
