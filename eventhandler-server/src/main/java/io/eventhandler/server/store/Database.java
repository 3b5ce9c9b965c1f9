package io.eventhandler.server.store;

import io.eventhandler.server.config.StoreConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The store's one JDBC connection, used by one transaction at a time. A connection found dead (an external database
 * restarted, a network drop) is replaced by a new one, and a transaction that failed because the connection died
 * is run once more on the new one. Every new connection first creates the schema if missing.
 *
 * <p>Thread-safe: callers from any thread are serialised on this object. Subscribe and management calls are rare,
 * so one connection is enough and keeps the replace-on-subscribe transactions trivially free of races.
 */
final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    private static final int VALIDITY_TIMEOUT_SECONDS = 5;

    /** A unit of work run in one transaction. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final StoreConfiguration configuration;
    private Connection connection;
    private boolean closed;

    private Database(final StoreConfiguration configuration) {
        this.configuration = configuration;
    }

    /** Connects and creates the schema if missing. */
    static Database open(final StoreConfiguration configuration) throws SQLException {
        final Database database = new Database(configuration);
        synchronized (database) {
            database.connection = database.connect();
        }
        return database;
    }

    /**
     * Runs the work in one transaction: committed if it returns, rolled back if it throws.
     *
     * @throws IllegalStateException if the store is closed
     */
    synchronized <T> T inTransaction(final Work<T> work) throws SQLException {
        if (closed) {
            throw new IllegalStateException("the subscription store is closed");
        }
        boolean retried = false;
        while (true) {
            final Connection current = connection();
            try {
                final T result = work.run(current);
                current.commit();
                return result;
            } catch (final SQLException e) {
                rollback(current);
                if (retried || isAlive(current)) {
                    throw e;
                }
                LOG.warn("lost the connection to the subscription store {} ({}); reconnecting", where(), e.toString());
                discard();
                retried = true;
            } catch (final RuntimeException e) {
                rollback(current);
                throw e;
            }
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        discard();
    }

    private Connection connection() throws SQLException {
        if (connection != null && !isAlive(connection)) {
            LOG.warn("the connection to the subscription store {} is no longer valid; reconnecting", where());
            discard();
        }
        if (connection == null) {
            connection = connect();
        }
        return connection;
    }

    private Connection connect() throws SQLException {
        final Properties properties = new Properties();
        if (configuration.user() != null && !configuration.user().isBlank()) {
            properties.setProperty("user", configuration.user());
        }
        if (configuration.password() != null && !configuration.password().isEmpty()) {
            properties.setProperty("password", configuration.password());
        }
        final Connection fresh = DriverManager.getConnection(configuration.url(), properties);
        try {
            fresh.setAutoCommit(false);
            Schema.create(fresh);
            fresh.commit();
            return fresh;
        } catch (final SQLException | RuntimeException e) {
            closeQuietly(fresh);
            throw e;
        }
    }

    private static boolean isAlive(final Connection candidate) {
        try {
            return candidate.isValid(VALIDITY_TIMEOUT_SECONDS);
        } catch (final SQLException e) {
            return false;
        }
    }

    private static void rollback(final Connection current) {
        try {
            current.rollback();
        } catch (final SQLException e) {
            LOG.debug("rollback failed", e);
        }
    }

    private void discard() {
        if (connection != null) {
            closeQuietly(connection);
            connection = null;
        }
    }

    private static void closeQuietly(final Connection candidate) {
        try {
            candidate.close();
        } catch (final SQLException e) {
            LOG.debug("closing a store connection failed", e);
        }
    }

    /** Where the store is, for log lines. */
    String where() {
        return redact(configuration.url());
    }

    /** The JDBC URL without its parameters, which may hold credentials. */
    static String redact(final String url) {
        int end = url.length();
        for (final char separator : new char[] {'?', ';'}) {
            final int at = url.indexOf(separator);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return url.substring(0, end);
    }
}
