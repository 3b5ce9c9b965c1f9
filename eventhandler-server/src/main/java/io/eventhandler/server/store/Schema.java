package io.eventhandler.server.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The store's tables, created when missing. Instants are microseconds since the epoch in {@code BIGINT} columns
 * (no time zone or range differences between databases); maps and system lists are JSON text.
 *
 * <pre>
 * eh_event_type   (id, name UNIQUE, created_at, updated_at)
 * eh_subscription (id, event_type_id → eh_event_type,
 *                  subscriber_name, subscriber_address, subscriber_port,   UNIQUE with event_type_id
 *                  subscriber_authentication_info, subscriber_metadata (JSON),
 *                  filter_meta_data (JSON), match_meta_data, notify_uri, start_date, end_date,
 *                  sources (JSON), consumer_id, authorized_publishers (JSON), created_at, updated_at,
 *                  requirements (JSON, nullable; added after the first release, so added to older tables))
 * eh_delivery_position (subscription_id PRIMARY KEY, delivered_through, updated_at)
 *                 a webhook subscription's resume point: every event up to delivered_through was acknowledged
 *                 (or given up on, counted); rows of deleted subscriptions are removed at the next write
 * eh_topic_qos    (topic PRIMARY KEY, qos (JSON TopicQosDTO), updated_at): QoS configured at runtime
 * </pre>
 */
final class Schema {

    private Schema() {
    }

    /** Creates the tables that do not exist yet; harmless when they all do. */
    static void create(final Connection connection) throws SQLException {
        final Dialect dialect = Dialect.of(connection);
        try (Statement statement = connection.createStatement()) {
            for (final String ddl : statements(dialect)) {
                statement.execute(ddl);
            }
            if (!hasColumn(connection, "eh_subscription", "requirements")) {
                statement.execute("ALTER TABLE eh_subscription ADD COLUMN requirements " + dialect.largeText());
            }
        }
    }

    /** Whether the table has the column, whichever case the database keeps unquoted names in. */
    private static boolean hasColumn(final Connection connection, final String table, final String column)
            throws SQLException {
        final DatabaseMetaData meta = connection.getMetaData();
        for (final String[] names : new String[][] {{table, column},
                {table.toUpperCase(Locale.ROOT), column.toUpperCase(Locale.ROOT)}}) {
            try (ResultSet columns = meta.getColumns(connection.getCatalog(), null, names[0], names[1])) {
                if (columns.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    static List<String> statements(final Dialect dialect) {
        final String text = dialect.largeText();
        return List.of(
                "CREATE TABLE IF NOT EXISTS eh_event_type ("
                        + "id " + dialect.identity() + ", "
                        + "name VARCHAR(255) NOT NULL, "
                        + "created_at BIGINT NOT NULL, "
                        + "updated_at BIGINT NOT NULL, "
                        + "CONSTRAINT eh_event_type_name UNIQUE (name))",
                "CREATE TABLE IF NOT EXISTS eh_subscription ("
                        + "id " + dialect.identity() + ", "
                        + "event_type_id BIGINT NOT NULL, "
                        + "subscriber_name VARCHAR(255) NOT NULL, "
                        + "subscriber_address VARCHAR(255) NOT NULL, "
                        + "subscriber_port INT NOT NULL, "
                        + "subscriber_authentication_info VARCHAR(2047), "
                        + "subscriber_metadata " + text + ", "
                        + "filter_meta_data " + text + ", "
                        + "match_meta_data BOOLEAN NOT NULL, "
                        + "notify_uri " + text + " NOT NULL, "
                        + "start_date BIGINT, "
                        + "end_date BIGINT, "
                        + "sources " + text + " NOT NULL, "
                        + "consumer_id BIGINT, "
                        + "authorized_publishers " + text + " NOT NULL, "
                        + "created_at BIGINT NOT NULL, "
                        + "updated_at BIGINT NOT NULL, "
                        + "requirements " + text + ", "
                        + "CONSTRAINT eh_subscription_pair "
                        + "UNIQUE (event_type_id, subscriber_name, subscriber_address, subscriber_port), "
                        + "CONSTRAINT eh_subscription_event_type "
                        + "FOREIGN KEY (event_type_id) REFERENCES eh_event_type (id))",
                "CREATE TABLE IF NOT EXISTS eh_delivery_position ("
                        + "subscription_id BIGINT NOT NULL PRIMARY KEY, "
                        + "delivered_through BIGINT NOT NULL, "
                        + "updated_at BIGINT NOT NULL)",
                "CREATE TABLE IF NOT EXISTS eh_topic_qos ("
                        + "topic VARCHAR(255) NOT NULL PRIMARY KEY, "
                        + "qos " + text + " NOT NULL, "
                        + "updated_at BIGINT NOT NULL)");
    }
}
