package io.eventhandler.server.store;

import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.server.config.StoreConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static io.eventhandler.server.store.Fixtures.full;
import static io.eventhandler.server.store.Fixtures.plain;
import static io.eventhandler.server.store.Fixtures.ref;
import static io.eventhandler.server.store.Fixtures.system;
import static io.eventhandler.server.store.Fixtures.tickingClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Subscriptions survive what the Event Handler and its database go through: a restart (close and open again), a
 * second opening of an existing schema, and a database that drops every connection.
 */
class SubscriptionStoreDurabilityTest {

    @TempDir
    Path tempDir;

    static Stream<StoreTarget> targets() {
        return StoreTarget.all();
    }

    static Stream<StoreTarget> durableTargets() {
        return StoreTarget.durable();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durableTargets")
    void everythingIncludingAuthorizationStateSurvivesARestart(final StoreTarget target) throws SQLException {
        final StoreConfiguration configuration = target.fresh(tempDir);
        final List<StoredSubscription> before;
        final long lastId;
        try (SubscriptionStore store = target.open(configuration, tickingClock())) {
            final StoredSubscription a = store.save(full("temperature", system("consumer", 9001)));
            final StoredSubscription b = store.save(plain("pressure", system("consumer", 9001)));
            store.save(plain("humidity", system("gone", 9003)));
            store.delete("humidity", ref("gone", 9003));
            store.updateAuthorization(b.id(), 7L, Set.of(ref("barometer", 9420)));
            store.update(a.id(), full("temperature", system("consumer", 9001)));
            before = store.all();
            lastId = before.get(before.size() - 1).id() + 1;
        }

        try (SubscriptionStore reopened = target.open(configuration, tickingClock())) {
            assertEquals(before, reopened.all());
            assertEquals(List.of(before.get(1)), reopened.bySubscriberId(7L));
            assertTrue(reopened.save(plain("humidity", system("new", 9004))).id() > lastId,
                    "ids are not reused after a restart");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durableTargets")
    void aTableFromBeforeTheRequirementsColumnGetsItAndKeepsItsRows(final StoreTarget target) throws SQLException {
        final StoreConfiguration configuration = target.fresh(tempDir);
        final StoredSubscription older;
        try (SubscriptionStore store = target.open(configuration, tickingClock())) {
            older = store.save(plain("pressure", system("consumer", 9001)));
        }
        try (Connection connection = StoreTarget.connect(configuration);
             Statement statement = connection.createStatement()) {
            statement.execute("ALTER TABLE eh_subscription DROP COLUMN requirements");
        }
        try (SubscriptionStore reopened = target.open(configuration, tickingClock())) {
            assertEquals(List.of(older), reopened.all());
            final StoredSubscription asking = reopened.save(full("temperature", system("consumer", 9001)));
            assertEquals(new SubscriberRequirements(7), reopened.get(asking.id()).requirements());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void openingAnExistingSchemaAgainIsHarmless(final StoreTarget target) throws SQLException {
        final StoreConfiguration configuration = target.fresh(tempDir);
        // the first store stays open, so that even an in-memory database is still there for the second
        try (SubscriptionStore first = target.open(configuration, tickingClock())) {
            final StoredSubscription saved = first.save(full("temperature", system("consumer", 9001)));
            try (SubscriptionStore second = target.open(configuration, tickingClock())) {
                assertEquals(List.of(saved), second.all());
                final StoredSubscription more = second.save(plain("pressure", system("consumer", 9001)));
                assertEquals(List.of(saved, more), first.all());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durableTargets")
    void theStoreReconnectsWhenTheDatabaseDroppedItsConnection(final StoreTarget target) throws SQLException {
        final StoreConfiguration configuration = target.fresh(tempDir);
        try (SubscriptionStore store = target.open(configuration, tickingClock())) {
            final StoredSubscription saved = store.save(full("temperature", system("consumer", 9001)));

            target.dropConnections(configuration);

            assertEquals(List.of(saved), store.all());
            final StoredSubscription after = store.save(plain("pressure", system("consumer", 9001)));
            assertEquals(List.of(saved, after), store.all());
        }
    }

    @Test
    void theDefaultFileDatabaseIsCreatedWithItsDirectory() throws SQLException {
        final Path file = tempDir.resolve("not/yet/there/eventhandler");
        final StoreConfiguration configuration = new StoreConfiguration("jdbc:h2:file:" + file, "", "");
        try (SubscriptionStore store = SubscriptionStore.open(configuration)) {
            store.save(plain("temperature", system("consumer", 9001)));
        }
        assertTrue(Files.exists(file.resolveSibling("eventhandler.mv.db")));
        try (Connection connection = StoreTarget.connect(configuration)) {
            assertTrue(connection.isValid(1), "the store released the file");
        }
    }

    @Test
    void aStoreThatCannotBeOpenedSaysWhereWithoutCredentials() {
        final StoreConfiguration configuration = new StoreConfiguration(
                "jdbc:postgresql://127.0.0.1:1/eventhandler?password=secret", "eh", "secret");
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SubscriptionStore.open(configuration));
        assertTrue(e.getMessage().startsWith("cannot open the subscription store jdbc:postgresql://127.0.0.1:1/"
                + "eventhandler: "), e.getMessage());
        assertTrue(!e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void aClosedStoreRefusesWork() throws SQLException {
        final SubscriptionStore store = SubscriptionStore.open(StoreTarget.all().findFirst().orElseThrow()
                .fresh(tempDir));
        store.close();
        assertThrows(IllegalStateException.class, store::all);
    }

    /**
     * The store asks H2 to write each change before it returns, which only H2's admin may ask: as another user it
     * still stores and answers (H2's own writer then writes the change, within half a second).
     */
    @Test
    void anH2UserWhoIsNotItsAdminStillStoresChanges() throws SQLException {
        final String url = "jdbc:h2:file:" + tempDir.resolve("shared").toAbsolutePath();
        try (Connection admin = DriverManager.getConnection(url, "owner", "owner-secret");
             Statement grant = admin.createStatement()) {
            grant.execute("CREATE USER app PASSWORD 'app-secret'");
            grant.execute("GRANT ALTER ANY SCHEMA TO app");
        }
        try (SubscriptionStore store = SubscriptionStore.open(new StoreConfiguration(url, "app", "app-secret"))) {
            store.save(plain("temperature", system("consumer", 9001)));
            store.save(plain("pressure", system("consumer", 9001)));
            assertEquals(2, store.all().size());
        }
    }

    /**
     * Every change is synced to the disk before the store returns, and the periodic re-check of every subscription's
     * authorization finds the same grant nearly every time: an unchanged grant must not cost a write.
     */
    @Test
    void anUnchangedAuthorizationIsNotWrittenAgain() throws SQLException {
        final StoreConfiguration configuration = new StoreConfiguration("jdbc:h2:file:"
                + tempDir.resolve("grants/eventhandler"), "", "");
        try (SubscriptionStore store = SubscriptionStore.open(configuration, tickingClock());
             Connection observer = StoreTarget.connect(configuration)) {
            final StoredSubscription saved = store.save(plain("pressure", system("consumer", 9001)));
            assertTrue(store.updateAuthorization(saved.id(), 7L, Set.of(ref("barometer", 9420))));
            final long writes = fileWrites(observer);
            for (int i = 0; i < 5; i++) {
                assertTrue(store.updateAuthorization(saved.id(), 7L, Set.of(ref("barometer", 9420))));
            }
            assertEquals(writes, fileWrites(observer), "file writes for an unchanged grant");
            assertTrue(store.updateAuthorization(saved.id(), 8L, Set.of(ref("barometer", 9420))));
            assertTrue(fileWrites(observer) > writes, "a changed grant is written");
            assertEquals(8L, store.get(saved.id()).consumerId());
            assertFalse(store.updateAuthorization(saved.id() + 1, 8L, Set.of()), "no such subscription");
        }
    }

    /** H2's count of writes to the database file. */
    private static long fileWrites(final Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS "
                     + "WHERE SETTING_NAME = 'info.FILE_WRITE'")) {
            assertTrue(row.next(), "H2 counts its file writes");
            return Long.parseLong(row.getString(1));
        }
    }
}
