package io.eventhandler.server.store;

import io.eventhandler.api.EpochMicros;

import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.config.ResourceInUseException;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Subscriptions and their authorization state in a JDBC database (embedded H2 by default, or PostgreSQL or MySQL),
 * so that they survive a restart. One subscription exists per event type and subscriber, as in Arrowhead; event
 * types are created on the fly.
 *
 * <p>Thread-safe: every operation is one transaction, and operations run one at a time (see {@link Database}).
 * Database failures are logged and thrown as Arrowhead's 500 {@value #DATABASE_OPERATION_EXCEPTION}. Errors the
 * store throws carry no origin, as Arrowhead's database layer's do (Arrowhead then answers its context path, "").
 */
public final class SubscriptionStore implements AutoCloseable {

    /** Arrowhead's message for an unknown subscription id ({@code EventHandlerDBService.getSubscriptionById}). */
    public static final String NOT_EXISTS = "Subscription with id of '%d' not exists";
    /** Arrowhead's message when an update would give two subscriptions the same event type and subscriber. */
    public static final String VIOLATES_UNIQUE_CONSTRAINT = "Subscription violates unique constraint rules";
    /** Arrowhead's message for any database failure ({@code CoreCommonConstants.DATABASE_OPERATION_EXCEPTION_MSG}). */
    public static final String DATABASE_OPERATION_EXCEPTION = "Database operation exception";

    private static final Logger LOG = LoggerFactory.getLogger(SubscriptionStore.class);
    /** H2's "Database may be already in use": another process holds the embedded database's lock. */
    private static final int H2_DATABASE_ALREADY_OPEN = 90020;
    private static final String H2_FILE = "jdbc:h2:file:";

    private static final String PAIR = "event_type_id = ? AND subscriber_name = ? AND subscriber_address = ? "
            + "AND subscriber_port = ?";
    private static final String INSERT = "INSERT INTO eh_subscription (" + SubscriptionRows.COLUMNS
            + ", created_at, updated_at) VALUES (" + "?, ".repeat(SubscriptionRows.COLUMN_COUNT + 1) + "?)";
    private static final String UPDATE = "UPDATE eh_subscription SET "
            + Arrays.stream(SubscriptionRows.COLUMNS.split(", ")).map(column -> column + " = ?")
                    .collect(Collectors.joining(", "))
            + ", updated_at = ? WHERE id = ?";

    private final Database database;
    private final Clock clock;
    private final StoreFailures failures;

    private SubscriptionStore(final Database database, final Clock clock) {
        this.database = database;
        this.clock = clock;
        this.failures = new StoreFailures(database.where());
    }

    /**
     * Connects to the configured database and creates the schema if missing.
     *
     * @throws IllegalStateException if the database cannot be reached or the schema not created
     */
    public static SubscriptionStore open(final StoreConfiguration configuration) {
        return open(configuration, Clock.systemUTC());
    }

    /** The directory of an embedded H2 database's files ({@code ./data} for {@code jdbc:h2:file:./data/x;...}). */
    private static String h2Directory(final String url) {
        final String file = url.substring(H2_FILE.length()).split(";", 2)[0];
        final Path parent = Path.of(file).getParent();
        return parent == null ? "." : parent.toString();
    }

    /** As {@link #open(StoreConfiguration)}, with the clock that stamps created and updated times. */
    public static SubscriptionStore open(final StoreConfiguration configuration, final Clock clock) {
        final Database database;
        try {
            database = Database.open(configuration);
        } catch (final SQLException e) {
            if (e.getErrorCode() == H2_DATABASE_ALREADY_OPEN && configuration.url().startsWith(H2_FILE)) {
                throw ResourceInUseException.store(h2Directory(configuration.url()), e);
            }
            throw new IllegalStateException("cannot open the subscription store "
                    + Database.redact(configuration.url()) + ": " + e.getMessage(), e);
        }
        final SubscriptionStore store = new SubscriptionStore(database, clock);
        LOG.info("subscription store {}: {} subscriptions", database.where(),
                store.run("count", SubscriptionStore::count));
        return store;
    }

    /**
     * Stores a subscription, replacing the subscriber's subscription to the same event type if there is one, in one
     * transaction (Arrowhead's {@code forceRegisterSubscription}: the replacement gets a new id).
     */
    public StoredSubscription save(final NewSubscription subscription) {
        return write("save", connection -> {
            final long eventTypeId = eventTypeId(connection, subscription.eventType());
            final int replaced;
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM eh_subscription WHERE " + PAIR)) {
                bindPair(delete, eventTypeId, subscription.subscriber().ref());
                replaced = delete.executeUpdate();
            }
            final long now = now();
            final long id;
            try (PreparedStatement insert = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
                SubscriptionRows.bind(insert, eventTypeId, subscription);
                insert.setLong(SubscriptionRows.COLUMN_COUNT + 1, now);
                insert.setLong(SubscriptionRows.COLUMN_COUNT + 2, now);
                insert.executeUpdate();
                id = generatedId(insert);
            }
            LOG.debug("{} subscription {} of {} to {}", replaced > 0 ? "replaced" : "new", id,
                    subscription.subscriber().ref(), subscription.eventType());
            return select(connection, id).orElseThrow();
        });
    }

    /** The subscription with this id, if there is one. */
    public Optional<StoredSubscription> find(final long id) {
        return run("find", connection -> select(connection, id));
    }

    /**
     * The subscription with this id.
     *
     * @throws ArrowheadException 400 INVALID_PARAMETER {@value #NOT_EXISTS} if there is none
     */
    public StoredSubscription get(final long id) {
        return find(id).orElseThrow(() -> notExists(id));
    }

    /** One page of subscriptions and how many there are in all. */
    public SubscriptionPage page(final PageRequest request) {
        final String direction = request.direction().name();
        final String sql = SubscriptionRows.SELECT + "ORDER BY s." + column(request.sortField()) + " " + direction
                + ", s.id " + direction + " LIMIT ? OFFSET ?";
        return run("page", connection -> {
            final List<StoredSubscription> items;
            try (PreparedStatement select = connection.prepareStatement(sql)) {
                select.setInt(1, request.size());
                select.setLong(2, request.offset());
                items = list(select);
            }
            return new SubscriptionPage(items, count(connection));
        });
    }

    /**
     * Replaces the content of a subscription (the management PUT), keeping its id and creation time.
     *
     * @throws ArrowheadException 400 INVALID_PARAMETER {@value #NOT_EXISTS} for an unknown id, or
     *                            {@value #VIOLATES_UNIQUE_CONSTRAINT} if another subscription has the new event
     *                            type and subscriber
     */
    public StoredSubscription update(final long id, final NewSubscription subscription) {
        return write("update", connection -> {
            final StoredSubscription existing = select(connection, id).orElseThrow(() -> notExists(id));
            final long eventTypeId = eventTypeId(connection, subscription.eventType());
            final SystemRef subscriber = subscription.subscriber().ref();
            if ((eventTypeId != existing.eventType().id() || !subscriber.equals(existing.subscriber().ref()))
                    && pairTaken(connection, eventTypeId, subscriber)) {
                throw ArrowheadException.invalidParameter(VIOLATES_UNIQUE_CONSTRAINT, null);
            }
            try (PreparedStatement update = connection.prepareStatement(UPDATE)) {
                SubscriptionRows.bind(update, eventTypeId, subscription);
                update.setLong(SubscriptionRows.COLUMN_COUNT + 1, now());
                update.setLong(SubscriptionRows.COLUMN_COUNT + 2, id);
                update.executeUpdate();
            } catch (final SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                    // another writer than this store took the pair between the check and the update
                    throw ArrowheadException.invalidParameter(VIOLATES_UNIQUE_CONSTRAINT, null);
                }
                throw e;
            }
            return select(connection, id).orElseThrow();
        });
    }

    /** Deletes a subscription; false if there was none with this id (Arrowhead answers 200 either way). */
    public boolean delete(final long id) {
        return write("delete", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM eh_subscription WHERE id = ?")) {
                delete.setLong(1, id);
                return delete.executeUpdate() > 0;
            }
        });
    }

    /** Deletes the subscriber's subscription to the event type (unsubscribe); false if there was none. */
    public boolean delete(final String eventType, final SystemRef subscriber) {
        final SystemRef key = SystemRef.of(subscriber.name(), subscriber.address(), subscriber.port());
        return write("unsubscribe", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM eh_subscription WHERE "
                    + "event_type_id = (SELECT id FROM eh_event_type WHERE name = ?) AND subscriber_name = ? "
                    + "AND subscriber_address = ? AND subscriber_port = ?")) {
                delete.setString(1, NewSubscription.normaliseEventType(eventType));
                delete.setString(2, key.name());
                delete.setString(3, key.address());
                delete.setInt(4, key.port());
                return delete.executeUpdate() > 0;
            }
        });
    }

    /**
     * Records what the Authorization system said about a subscription's subscriber. Leaves {@code updatedAt} as it
     * is: in Arrowhead this state lives in another table than the subscription. Writes only a changed state: the
     * periodic re-check of every subscription finds the same grant nearly every time, and each change is synced to
     * the disk before the store returns.
     *
     * @return false if there is no subscription with this id
     */
    public boolean updateAuthorization(final long id, final Long consumerId,
                                       final Set<SystemRef> authorizedPublishers) {
        final String publishers = JsonColumns.refs(authorizedPublishers);
        return write("updateAuthorization", connection -> {
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT consumer_id, authorized_publishers FROM eh_subscription WHERE id = ?")) {
                select.setLong(1, id);
                try (ResultSet row = select.executeQuery()) {
                    if (!row.next()) {
                        return false;
                    }
                    final long storedConsumer = row.getLong(1);
                    final boolean noConsumer = row.wasNull();
                    if (Objects.equals(noConsumer ? null : storedConsumer, consumerId)
                            && publishers.equals(row.getString(2))) {
                        return true;
                    }
                }
            }
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE eh_subscription SET consumer_id = ?, authorized_publishers = ? WHERE id = ?")) {
                SubscriptionRows.setLong(update, 1, consumerId);
                update.setString(2, publishers);
                update.setLong(3, id);
                return update.executeUpdate() > 0;
            }
        });
    }

    /** Replaces the stored subscriber's {@code authenticationInfo} (it registered again with another key). */
    public boolean updateSubscriberAuthenticationInfo(final long id, final String authenticationInfo) {
        return write("updateSubscriberAuthenticationInfo", connection -> {
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE eh_subscription SET subscriber_authentication_info = ? WHERE id = ?")) {
                update.setString(1, authenticationInfo);
                update.setLong(2, id);
                return update.executeUpdate() > 0;
            }
        });
    }

    /** The subscriptions of the subscriber the Authorization system knows by this id, by ascending id. */
    public List<StoredSubscription> bySubscriberId(final long consumerId) {
        return run("bySubscriberId", connection -> {
            try (PreparedStatement select = connection.prepareStatement(
                    SubscriptionRows.SELECT + "WHERE s.consumer_id = ? ORDER BY s.id")) {
                select.setLong(1, consumerId);
                return list(select);
            }
        });
    }

    /** Every subscription, by ascending id. */
    public List<StoredSubscription> all() {
        return run("all", connection -> {
            try (PreparedStatement select = connection.prepareStatement(SubscriptionRows.SELECT + "ORDER BY s.id")) {
                return list(select);
            }
        });
    }

    /**
     * Records webhook subscriptions' delivered positions (subscription id to the sequence number through which its
     * events were delivered), in one transaction, and forgets those of subscriptions that no longer exist. In the
     * store's file before it returns, not necessarily on the disk: what a power loss takes back is delivered again.
     */
    public void recordDeliveredPositions(final Map<Long, Long> positions) {
        run("recordDeliveredPositions", connection -> {
            writePositions(connection, positions);
            try (Statement orphans = connection.createStatement()) {
                orphans.executeUpdate("DELETE FROM eh_delivery_position WHERE subscription_id NOT IN "
                        + "(SELECT id FROM eh_subscription)");
            }
            return null;
        }, Database.Reach.FILE);
    }

    /**
     * Records where a webhook subscription attached without a position starts, on the disk before it returns, as
     * the subscription itself is: a subscription restored without it would start after the restart's events.
     */
    public void recordStartingPosition(final long id, final long start) {
        write("recordStartingPosition", connection -> {
            writePositions(connection, Map.of(id, start));
            return null;
        });
    }

    private void writePositions(final Connection connection, final Map<Long, Long> positions) throws SQLException {
        final long now = now();
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE eh_delivery_position SET delivered_through = ?, updated_at = ? WHERE subscription_id = ?");
             PreparedStatement insert = connection.prepareStatement("INSERT INTO eh_delivery_position "
                     + "(subscription_id, delivered_through, updated_at) VALUES (?, ?, ?)")) {
            for (final Map.Entry<Long, Long> position : positions.entrySet()) {
                update.setLong(1, position.getValue());
                update.setLong(2, now);
                update.setLong(3, position.getKey());
                if (update.executeUpdate() == 0) {
                    insert.setLong(1, position.getKey());
                    insert.setLong(2, position.getValue());
                    insert.setLong(3, now);
                    insert.executeUpdate();
                }
            }
        }
    }

    /** Every recorded delivered position, by subscription id. */
    public Map<Long, Long> deliveredPositions() {
        return run("deliveredPositions", connection -> {
            final Map<Long, Long> positions = new HashMap<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT subscription_id, delivered_through FROM eh_delivery_position");
                 ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    positions.put(rows.getLong(1), rows.getLong(2));
                }
            }
            return positions;
        });
    }

    /** Stores a topic's QoS configured at runtime (a JSON document), replacing what was stored for it. */
    public void saveTopicQos(final String topic, final String qosJson) {
        write("saveTopicQos", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM eh_topic_qos WHERE topic = ?");
                 PreparedStatement insert = connection.prepareStatement(
                         "INSERT INTO eh_topic_qos (topic, qos, updated_at) VALUES (?, ?, ?)")) {
                delete.setString(1, topic);
                delete.executeUpdate();
                insert.setString(1, topic);
                insert.setString(2, qosJson);
                insert.setLong(3, now());
                insert.executeUpdate();
            }
            return null;
        });
    }

    /** Forgets a topic's stored QoS. */
    public void deleteTopicQos(final String topic) {
        write("deleteTopicQos", connection -> {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM eh_topic_qos WHERE topic = ?")) {
                delete.setString(1, topic);
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** Every stored topic QoS (JSON documents), by topic. */
    public Map<String, String> topicQos() {
        return run("topicQos", connection -> {
            final Map<String, String> qos = new LinkedHashMap<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT topic, qos FROM eh_topic_qos ORDER BY topic");
                 ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    qos.put(rows.getString(1), rows.getString(2));
                }
            }
            return qos;
        });
    }

    /** Closes the connection; the store cannot be used afterwards. */
    @Override
    public void close() {
        database.close();
    }

    /** A read, in one transaction. */
    private <T> T run(final String operation, final Database.Work<T> work) {
        return run(operation, work, Database.Reach.COMMITTED);
    }

    /** A change answered to a client: on the disk before it returns. */
    private <T> T write(final String operation, final Database.Work<T> work) {
        return run(operation, work, Database.Reach.DISK);
    }

    private <T> T run(final String operation, final Database.Work<T> work, final Database.Reach reach) {
        final T result;
        try {
            result = database.inTransaction(work, reach);
        } catch (final SQLException | UncheckedIOException e) {
            failures.failed(operation, e);
            throw ArrowheadException.internal(DATABASE_OPERATION_EXCEPTION, null);
        }
        if (reach != Database.Reach.COMMITTED) {
            failures.stored();
        }
        return result;
    }

    private long now() {
        return EpochMicros.of(clock.instant());
    }

    private static ArrowheadException notExists(final long id) {
        return ArrowheadException.invalidParameter(String.format(NOT_EXISTS, id), null);
    }

    private static String column(final PageRequest.SortField field) {
        return switch (field) {
            case ID -> "id";
            case CREATED_AT -> "created_at";
            case UPDATED_AT -> "updated_at";
        };
    }

    private long eventTypeId(final Connection connection, final String name) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT id FROM eh_event_type WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                if (row.next()) {
                    return row.getLong(1);
                }
            }
        }
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO eh_event_type (name, created_at, updated_at) VALUES (?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            final long now = now();
            insert.setString(1, name);
            insert.setLong(2, now);
            insert.setLong(3, now);
            insert.executeUpdate();
            return generatedId(insert);
        }
    }

    private static long count(final Connection connection) throws SQLException {
        try (Statement count = connection.createStatement();
             ResultSet row = count.executeQuery("SELECT COUNT(*) FROM eh_subscription")) {
            row.next();
            return row.getLong(1);
        }
    }

    private static boolean pairTaken(final Connection connection, final long eventTypeId, final SystemRef subscriber)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT id FROM eh_subscription WHERE " + PAIR)) {
            bindPair(select, eventTypeId, subscriber);
            try (ResultSet row = select.executeQuery()) {
                return row.next();
            }
        }
    }

    private static void bindPair(final PreparedStatement statement, final long eventTypeId, final SystemRef subscriber)
            throws SQLException {
        statement.setLong(1, eventTypeId);
        statement.setString(2, subscriber.name());
        statement.setString(3, subscriber.address());
        statement.setInt(4, subscriber.port());
    }

    /** The generated id; it is the first column of the table, which is what PostgreSQL's RETURNING * gives first. */
    private static long generatedId(final PreparedStatement insert) throws SQLException {
        try (ResultSet keys = insert.getGeneratedKeys()) {
            if (!keys.next()) {
                throw new SQLException("the database returned no generated id");
            }
            return keys.getLong(1);
        }
    }

    private static Optional<StoredSubscription> select(final Connection connection, final long id)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(SubscriptionRows.SELECT + "WHERE s.id = ?")) {
            select.setLong(1, id);
            final List<StoredSubscription> found = list(select);
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
        }
    }

    private static List<StoredSubscription> list(final PreparedStatement select) throws SQLException {
        final List<StoredSubscription> subscriptions = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                subscriptions.add(SubscriptionRows.read(rows));
            }
        }
        return subscriptions;
    }

    @Override
    public String toString() {
        return "SubscriptionStore{url=" + database.where() + "}";
    }
}
