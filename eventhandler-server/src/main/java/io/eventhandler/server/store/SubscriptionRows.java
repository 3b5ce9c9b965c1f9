package io.eventhandler.server.store;

import io.eventhandler.api.EpochMicros;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;

/** The columns of a subscription and its event type, read from and written to JDBC. */
final class SubscriptionRows {

    /** Selects subscriptions with their event type; append a WHERE or ORDER BY clause. */
    static final String SELECT = "SELECT s.id, s.subscriber_name, s.subscriber_address, s.subscriber_port, "
            + "s.subscriber_authentication_info, s.subscriber_metadata, s.filter_meta_data, s.match_meta_data, "
            + "s.notify_uri, s.start_date, s.end_date, s.sources, s.consumer_id, s.authorized_publishers, "
            + "s.created_at, s.updated_at, t.id, t.name, t.created_at, t.updated_at, s.requirements "
            + "FROM eh_subscription s JOIN eh_event_type t ON t.id = s.event_type_id ";

    /** The columns {@link #bind} fills, in its order. */
    static final String COLUMNS = "event_type_id, subscriber_name, subscriber_address, subscriber_port, "
            + "subscriber_authentication_info, subscriber_metadata, filter_meta_data, match_meta_data, notify_uri, "
            + "start_date, end_date, sources, consumer_id, authorized_publishers, requirements";
    static final int COLUMN_COUNT = 15;

    private SubscriptionRows() {
    }

    /** Sets parameters {@code 1..}{@value #COLUMN_COUNT} to the {@link #COLUMNS} of the subscription. */
    static void bind(final PreparedStatement statement, final long eventTypeId, final NewSubscription subscription)
            throws SQLException {
        final StoredSystem subscriber = subscription.subscriber();
        statement.setLong(1, eventTypeId);
        statement.setString(2, subscriber.systemName());
        statement.setString(3, subscriber.address());
        statement.setInt(4, subscriber.port());
        statement.setString(5, subscriber.authenticationInfo());
        statement.setString(6, JsonColumns.map(subscriber.metadata()));
        statement.setString(7, JsonColumns.map(subscription.filterMetaData()));
        statement.setBoolean(8, subscription.matchMetaData());
        statement.setString(9, subscription.notifyUri());
        setInstant(statement, 10, subscription.startDate());
        setInstant(statement, 11, subscription.endDate());
        statement.setString(12, JsonColumns.systems(subscription.sources()));
        setLong(statement, 13, subscription.consumerId());
        statement.setString(14, JsonColumns.refs(subscription.authorizedPublishers()));
        statement.setString(15, JsonColumns.requirements(subscription.requirements()));
    }

    /** The subscription at the result set's current row, selected with {@link #SELECT}. */
    static StoredSubscription read(final ResultSet row) throws SQLException {
        final StoredSystem subscriber = new StoredSystem(row.getString(2), row.getString(3), row.getInt(4),
                row.getString(5), JsonColumns.map(row.getString(6)));
        final StoredEventType eventType = new StoredEventType(row.getLong(17), row.getString(18),
                EpochMicros.toInstant(row.getLong(19)), EpochMicros.toInstant(row.getLong(20)));
        return new StoredSubscription(row.getLong(1), eventType, subscriber, JsonColumns.map(row.getString(7)),
                row.getBoolean(8), row.getString(9), instant(row, 10), instant(row, 11),
                JsonColumns.systems(row.getString(12)), nullableLong(row, 13), JsonColumns.refs(row.getString(14)),
                EpochMicros.toInstant(row.getLong(15)), EpochMicros.toInstant(row.getLong(16)),
                JsonColumns.requirements(row.getString(21)));
    }

    static void setLong(final PreparedStatement statement, final int index, final Long value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.BIGINT);
        } else {
            statement.setLong(index, value);
        }
    }

    private static void setInstant(final PreparedStatement statement, final int index, final Instant value)
            throws SQLException {
        setLong(statement, index, value == null ? null : EpochMicros.of(value));
    }

    private static Instant instant(final ResultSet row, final int index) throws SQLException {
        final Long micros = nullableLong(row, index);
        return micros == null ? null : EpochMicros.toInstant(micros);
    }

    private static Long nullableLong(final ResultSet row, final int index) throws SQLException {
        final long value = row.getLong(index);
        return row.wasNull() ? null : value;
    }
}
