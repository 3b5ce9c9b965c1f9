package io.eventhandler.server.store;

import io.eventhandler.server.config.StoreConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The store's one JDBC connection, used by one transaction at a time. A connection found dead (an external database
 * restarted, a network drop) is replaced by a new one, and a transaction that failed because the connection died
 * is run once more on the new one. Every new connection first creates the schema if missing. A database that
 * closed itself (H2 does when a write fails, on a full disk) counts as a dead connection: the next transaction opens
 * it again, so the store works again once the disk has room, without a restart.
 *
 * <p>A write can ask to reach the file or the disk before it returns ({@link Reach}). PostgreSQL and MySQL commit
 * to their log on disk; H2 (MVStore) keeps a commit in its process's memory until its writer thread stores it, up to
 * half a second later, so a kill in between loses a change that was answered 200. For H2 this class therefore
 * runs {@code CHECKPOINT} (to the file) or {@code CHECKPOINT SYNC} (to the disk) after such a commit.
 *
 * <p>Thread-safe: callers from any thread are serialised on this object. Subscribe and management calls are rare,
 * so one connection is enough and keeps the replace-on-subscribe transactions trivially free of races.
 */
final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    private static final int VALIDITY_TIMEOUT_SECONDS = 5;
    /** H2's "Admin rights are required for this operation": a CHECKPOINT by a user who is not the database's admin. */
    private static final int H2_ADMIN_RIGHTS_REQUIRED = 90040;

    /** How far a transaction's commit must have reached when {@link #inTransaction(Work, Reach)} returns. */
    enum Reach {
        /** Committed: a read, or a write the database may store on its own schedule. */
        COMMITTED,
        /** In the database's file: it survives a crash of the process (the operating system writes it later). */
        FILE,
        /** On the disk: it survives a power loss too. */
        DISK
    }

    /** A unit of work run in one transaction. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final StoreConfiguration configuration;
    private Connection connection;
    /** Whether the connection's database holds commits in memory for a while (H2 other than in memory). */
    private boolean storesBehindCommits;
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
     * @param reach how far the commit must have reached before this returns
     * @throws SQLException if the work or the commit failed, or the commit could not be stored as far as asked
     *                      (it is then committed, and stored later if the database can)
     * @throws IllegalStateException if the store is closed
     */
    synchronized <T> T inTransaction(final Work<T> work, final Reach reach) throws SQLException {
        final T result = commit(work);
        if (reach != Reach.COMMITTED && storesBehindCommits) {
            store(reach);
        }
        return result;
    }

    private <T> T commit(final Work<T> work) throws SQLException {
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
                if (retried || !databaseGone(e) && isAlive(current)) {
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

    /** Has H2 store what it holds in memory now, to its file or to the disk. */
    private void store(final Reach reach) throws SQLException {
        try (Statement checkpoint = connection.createStatement()) {
            checkpoint.execute(reach == Reach.DISK ? "CHECKPOINT SYNC" : "CHECKPOINT");
        } catch (final SQLException e) {
            if (e.getErrorCode() != H2_ADMIN_RIGHTS_REQUIRED) {
                // H2 closes its database when a write fails (a full disk): the next transaction opens it again
                discard();
                throw e;
            }
            // another user than the database's admin: H2's own writer stores the commit, within half a second
            storesBehindCommits = false;
            LOG.warn("the subscription store {} cannot be asked to write a change before it is answered (its user "
                    + "is not the database's admin): a crash can lose the changes of the last half second", where());
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
            storesBehindCommits = "H2".equals(fresh.getMetaData().getDatabaseProductName())
                    && !configuration.url().startsWith("jdbc:h2:mem:");
            return fresh;
        } catch (final SQLException | RuntimeException e) {
            closeQuietly(fresh);
            throw e;
        }
    }

    /**
     * Whether the failure says the connection or its database is gone: the connection broke, or the database closed
     * underneath it (H2 does after a write failed, and its connections still pass {@link Connection#isValid}).
     */
    static boolean databaseGone(final SQLException failure) {
        return failure instanceof SQLNonTransientConnectionException
                || failure.getSQLState() != null && failure.getSQLState().startsWith("08");
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
