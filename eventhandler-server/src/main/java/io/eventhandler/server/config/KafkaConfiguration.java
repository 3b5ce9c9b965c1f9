package io.eventhandler.server.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * The bridge to Apache Kafka: off unless {@link #BOOTSTRAP_SERVERS} is set (docs/kafka.md).
 *
 * @param bootstrapServers {@link #BOOTSTRAP_SERVERS} — {@code host:port,...} of the Kafka cluster; blank: no bridge
 * @param clientId         {@link #CLIENT_ID} — the Kafka client id of this instance's producer and consumer
 * @param exportTopics     {@link #EXPORT_TOPICS} — event types exported: names, or patterns with {@code *}
 * @param exportCloud      {@link #EXPORT_CLOUD} — also export every topic whose FRAME destination is CLOUD
 * @param exportPrefix     {@link #EXPORT_PREFIX} — the Kafka topic of an event type is this prefix + the type
 * @param importTopics     {@link #IMPORT} — {@code kafkaTopic:EVENT_TYPE,...} consumed and published as that type
 * @param importSource     {@link #IMPORT_SOURCE} — the system named as the source of imported events
 * @param groupId          {@link #GROUP_ID} — the consumer group of the import: the same on both instances of a pair
 * @param retryMillis      {@link #RETRY_MS} — pause before the bridge tries an unreachable Kafka again
 * @param exportLingerMillis {@link #EXPORT_LINGER_MS} — how long the export thread gathers batches before it sends
 *                         them: longer means fewer wake-ups beside local delivery, and events later in Kafka
 * @param exportIdlePriority {@link #EXPORT_IDLE_PRIORITY} — run the export's threads (its loop and the Kafka client's
 *                         I/O thread) in Linux's {@code SCHED_IDLE} class: they take only the CPU local delivery
 *                         leaves (true; needs util-linux's {@code chrt}, else they stay as they are)
 * @param client           {@code eh.kafka.property.*} — any other Kafka client property, prefix removed (TLS, SASL;
 *                         from the file only)
 */
public record KafkaConfiguration(String bootstrapServers, String clientId, List<String> exportTopics,
                                 boolean exportCloud, String exportPrefix, Map<String, String> importTopics,
                                 String importSource, String groupId, int retryMillis, int exportLingerMillis,
                                 boolean exportIdlePriority, Map<String, String> client) {

    /** Keys under this prefix are handed to the Kafka clients as they are, without it. */
    public static final String PROPERTY_PREFIX = "eh.kafka.property.";

    private static final Pattern KAFKA_TOPIC = Pattern.compile("[A-Za-z0-9._-]{1,249}");
    private static final Pattern SYSTEM_NAME = Pattern.compile("[A-Za-z0-9-]{1,63}");

    private static final Settings<KafkaConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> BOOTSTRAP_SERVERS = SETTINGS.add(
            Setting.string("eh.kafka.bootstrap.servers", ""), KafkaConfiguration::bootstrapServers);
    public static final Setting<String> CLIENT_ID = SETTINGS.add(Setting.string("eh.kafka.client.id", "eventhandler"),
            KafkaConfiguration::clientId);
    public static final Setting<String> EXPORT_TOPICS = SETTINGS.add(Setting.string("eh.kafka.export.topics", ""),
            c -> String.join(",", c.exportTopics()));
    public static final Setting<Boolean> EXPORT_CLOUD = SETTINGS.add(Setting.bool("eh.kafka.export.cloud", false),
            KafkaConfiguration::exportCloud);
    public static final Setting<String> EXPORT_PREFIX = SETTINGS.add(Setting.string("eh.kafka.export.prefix", "eh."),
            KafkaConfiguration::exportPrefix);
    public static final Setting<String> IMPORT = SETTINGS.add(Setting.string("eh.kafka.import", ""),
            c -> joined(c.importTopics()));
    public static final Setting<String> IMPORT_SOURCE = SETTINGS.add(
            Setting.string("eh.kafka.import.source", "kafka-bridge"), KafkaConfiguration::importSource);
    public static final Setting<String> GROUP_ID = SETTINGS.add(Setting.string("eh.kafka.group.id", "eventhandler"),
            KafkaConfiguration::groupId);
    public static final Setting<Integer> RETRY_MS = SETTINGS.add(Setting.integer("eh.kafka.retry.ms", 2000,
            atLeast(10)), KafkaConfiguration::retryMillis);
    public static final Setting<Integer> EXPORT_LINGER_MS = SETTINGS.add(
            Setting.integer("eh.kafka.export.linger.ms", 1, atLeast(0)), KafkaConfiguration::exportLingerMillis);
    public static final Setting<Boolean> EXPORT_IDLE_PRIORITY = SETTINGS.add(
            Setting.bool("eh.kafka.export.idle.priority", true), KafkaConfiguration::exportIdlePriority);

    public KafkaConfiguration {
        exportTopics = List.copyOf(exportTopics);
        importTopics = Collections.unmodifiableMap(new LinkedHashMap<>(importTopics));
        client = Collections.unmodifiableMap(new LinkedHashMap<>(client));
    }

    /** Whether the bridge runs at all. */
    public boolean enabled() {
        return !bootstrapServers.isEmpty();
    }

    /** Whether anything is exported. */
    public boolean exporting() {
        return enabled() && (!exportTopics.isEmpty() || exportCloud);
    }

    /** Whether anything is imported. */
    public boolean importing() {
        return enabled() && !importTopics.isEmpty();
    }

    static KafkaConfiguration read(final ConfigSource source, final HistoryMode history) {
        final List<String> export = list(source.get(EXPORT_TOPICS));
        final Map<String, String> imports = new LinkedHashMap<>();
        for (final String pair : list(source.get(IMPORT))) {
            final int colon = pair.indexOf(':');
            if (colon <= 0 || colon == pair.length() - 1 || !KAFKA_TOPIC.matcher(pair.substring(0, colon)).matches()) {
                source.problem(IMPORT + ": '" + pair + "' must be kafkaTopic:EVENT_TYPE");
            } else {
                imports.put(pair.substring(0, colon), pair.substring(colon + 1));
            }
        }
        final KafkaConfiguration configuration = new KafkaConfiguration(source.get(BOOTSTRAP_SERVERS),
                source.get(CLIENT_ID), export, source.get(EXPORT_CLOUD), source.get(EXPORT_PREFIX), imports,
                source.get(IMPORT_SOURCE), source.get(GROUP_ID), source.get(RETRY_MS), source.get(EXPORT_LINGER_MS),
                source.get(EXPORT_IDLE_PRIORITY), source.prefixed(PROPERTY_PREFIX));
        configuration.check(source, history);
        return configuration;
    }

    private void check(final ConfigSource source, final HistoryMode history) {
        if (!exportPrefix.isEmpty() && !KAFKA_TOPIC.matcher(exportPrefix).matches()) {
            source.problem(EXPORT_PREFIX + "=" + exportPrefix + " may hold only letters, digits, '.', '_' and '-'");
        }
        if (!SYSTEM_NAME.matcher(importSource).matches()) {
            source.problem(IMPORT_SOURCE + "=" + importSource + " must be a system name (letters, digits, '-')");
        }
        if (!enabled() && (!exportTopics.isEmpty() || exportCloud || !importTopics.isEmpty())) {
            source.problem(EXPORT_TOPICS + ", " + EXPORT_CLOUD + " and " + IMPORT + " need " + BOOTSTRAP_SERVERS);
        }
        KafkaClientProperties.check(client, source::problem);
        if (exporting() && history == HistoryMode.OFF) {
            source.problem(EXPORT_TOPICS + " needs " + HistoryConfiguration.MODE
                    + "=MEMORY or DURABLE: the export reads each topic's history");
        }
    }

    private static List<String> list(final String value) {
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }

    private static String joined(final Map<String, String> pairs) {
        final List<String> items = new ArrayList<>();
        pairs.forEach((topic, type) -> items.add(topic + ":" + type));
        return String.join(",", items);
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
