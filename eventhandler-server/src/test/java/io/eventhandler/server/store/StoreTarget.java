package io.eventhandler.server.store;

import io.eventhandler.server.config.StoreConfiguration;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real database the store tests run against: H2 as a file, in memory, in memory in PostgreSQL and in MySQL mode,
 * and a real PostgreSQL when {@code EH_TEST_POSTGRES_URL} (with {@code EH_TEST_POSTGRES_USER} and
 * {@code EH_TEST_POSTGRES_PASSWORD}) names one; {@code .ci/start-postgres.sh} starts a throwaway one.
 */
abstract class StoreTarget {

    static final String POSTGRES_URL = "EH_TEST_POSTGRES_URL";
    private static final AtomicInteger MEMORY_DATABASES = new AtomicInteger();

    private final String name;

    private StoreTarget(final String name) {
        this.name = name;
    }

    /** Every target. */
    static Stream<StoreTarget> all() {
        return Stream.of(h2File(), h2Memory("h2-memory", ""),
                h2Memory("h2-postgresql-mode", ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"),
                h2Memory("h2-mysql-mode", ";MODE=MySQL;DATABASE_TO_LOWER=TRUE"), postgres());
    }

    /** The targets whose data outlives the store's connection. */
    static Stream<StoreTarget> durable() {
        return Stream.of(h2File(), postgres());
    }

    /**
     * An empty database (a new one, or for PostgreSQL the store's tables dropped), skipping the test when the target
     * is not available here.
     */
    abstract StoreConfiguration fresh(Path tempDir) throws SQLException;

    /** Ends every connection to the database as a crash or restart of the database would. */
    abstract void dropConnections(StoreConfiguration configuration) throws SQLException;

    SubscriptionStore open(final StoreConfiguration configuration, final Clock clock) {
        return SubscriptionStore.open(configuration, clock);
    }

    @Override
    public String toString() {
        return name;
    }

    static Connection connect(final StoreConfiguration configuration) throws SQLException {
        return DriverManager.getConnection(configuration.url(), configuration.user(), configuration.password());
    }

    private static StoreTarget h2File() {
        return new StoreTarget("h2-file") {
            @Override
            StoreConfiguration fresh(final Path tempDir) {
                return new StoreConfiguration("jdbc:h2:file:" + tempDir.resolve("data/eventhandler"), "", "");
            }

            @Override
            void dropConnections(final StoreConfiguration configuration) throws SQLException {
                try (Connection connection = connect(configuration);
                     Statement statement = connection.createStatement()) {
                    statement.execute("SHUTDOWN");
                }
            }
        };
    }

    private static StoreTarget h2Memory(final String name, final String settings) {
        return new StoreTarget(name) {
            @Override
            StoreConfiguration fresh(final Path tempDir) {
                return new StoreConfiguration("jdbc:h2:mem:eh-" + MEMORY_DATABASES.incrementAndGet() + settings, "",
                        "");
            }

            @Override
            void dropConnections(final StoreConfiguration configuration) {
                throw new UnsupportedOperationException("an in-memory database does not outlive its connections");
            }
        };
    }

    private static StoreTarget postgres() {
        return new StoreTarget("postgresql") {
            @Override
            StoreConfiguration fresh(final Path tempDir) throws SQLException {
                final String url = System.getenv(POSTGRES_URL);
                assumeTrue(url != null && !url.isBlank(), POSTGRES_URL + " is not set, so the PostgreSQL run is "
                        + "skipped (eval \"$(.ci/start-postgres.sh)\" starts a throwaway PostgreSQL and sets it)");
                final StoreConfiguration configuration = new StoreConfiguration(url,
                        System.getenv().getOrDefault("EH_TEST_POSTGRES_USER", ""),
                        System.getenv().getOrDefault("EH_TEST_POSTGRES_PASSWORD", ""));
                try (Connection connection = connect(configuration);
                     Statement statement = connection.createStatement()) {
                    for (final String table : List.of("eh_subscription", "eh_event_type")) {
                        statement.execute("DROP TABLE IF EXISTS " + table);
                    }
                }
                return configuration;
            }

            @Override
            void dropConnections(final StoreConfiguration configuration) throws SQLException {
                try (Connection connection = connect(configuration);
                     Statement statement = connection.createStatement()) {
                    statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            + "WHERE datname = current_database() AND pid <> pg_backend_pid()");
                }
            }
        };
    }
}
