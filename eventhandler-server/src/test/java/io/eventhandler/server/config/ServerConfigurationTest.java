package io.eventhandler.server.config;

import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.replication.ReplicationRole;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The typed configuration: documented defaults, explicit values, a properties file, environment overrides (given as
 * a map; the real environment is never changed), and the {@link ConfigurationException} that lists every bad value.
 */
class ServerConfigurationTest {

    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final Pattern DOCUMENTED_ROW = Pattern.compile("^\\| `([a-z0-9_.-]+)` \\| ([^|]+) \\|",
            Pattern.MULTILINE);

    /** Every key with a valid value different from its default. */
    private static Map<String, String> nonDefaults() {
        final Map<String, String> values = new LinkedHashMap<>();
        values.put(HttpConfiguration.ADDRESS.key(), "0.0.0.0");
        values.put(HttpConfiguration.PORT.key(), "18455");
        values.put(HttpConfiguration.WORKER_THREADS.key(), "17");
        values.put(HttpConfiguration.SELECTOR_THREADS.key(), "3");
        values.put(HttpConfiguration.PUBLISH_ON_SELECTOR.key(), "false");
        values.put(HttpConfiguration.SELECTOR_SPIN.key(), "7");
        values.put(DeliveryConfiguration.SPIN.key(), "9");
        values.put(ShutdownConfiguration.GRACE_MS.key(), "2500");
        values.put(HttpConfiguration.REQUEST_TIMEOUT.key(), "2500");
        values.put(HttpConfiguration.MAX_CONNECTIONS.key(), "300");
        values.put(HttpConfiguration.MAX_CONNECTIONS_PER_ADDRESS.key(), "40");
        values.put(DeliveryConfiguration.THREADS.key(), "5");
        values.put(HistoryConfiguration.SIZE.key(), "0");
        values.put(DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), "2");
        values.put(DeliveryConfiguration.BATCH_MAX.key(), "1");
        values.put(StreamConfiguration.HEARTBEAT_INTERVAL_MS.key(), "100");
        values.put(StreamConfiguration.RETRY_MS.key(), "0");
        values.put(StreamConfiguration.STALL_TIMEOUT_MS.key(), "60000");
        values.put(StreamConfiguration.STALLED_MEMORY_BYTES.key(), "1048576");
        values.put(LimitsConfiguration.MAX_BODY_BYTES.key(), "256");
        values.put(LimitsConfiguration.TIME_STAMP_TOLERANCE_SECONDS.key(), "0");
        values.put(WebhookConfiguration.CONNECT_TIMEOUT_MS.key(), "1");
        values.put(WebhookConfiguration.RESPONSE_TIMEOUT_MS.key(), "7");
        values.put(WebhookConfiguration.MAX_RETRIES.key(), "0");
        values.put(WebhookConfiguration.RETRY_BACKOFF_MS.key(), "0");
        values.put(WebhookConfiguration.CIRCUIT_FAILURES.key(), "0");
        values.put(WebhookConfiguration.CIRCUIT_OPEN_MS.key(), "1");
        values.put(WebhookConfiguration.MAX_CONNECTIONS.key(), "9");
        values.put(WebhookConfiguration.IO_THREADS.key(), "3");
        values.put(WebhookConfiguration.POSITION_INTERVAL_MS.key(), "250");
        values.put(TlsConfiguration.ENABLED.key(), "false");
        values.put(TlsConfiguration.KEY_STORE_TYPE.key(), "PKCS12");
        values.put(TlsConfiguration.KEY_STORE.key(), "certs/eventhandler.p12");
        values.put(TlsConfiguration.KEY_STORE_PASSWORD.key(), "******");
        values.put(TlsConfiguration.KEY_ALIAS.key(), "eventhandler");
        values.put(TlsConfiguration.KEY_PASSWORD.key(), "******");
        values.put(TlsConfiguration.TRUST_STORE_TYPE.key(), "PKCS12");
        values.put(TlsConfiguration.TRUST_STORE.key(), "certs/truststore.p12");
        values.put(TlsConfiguration.TRUST_STORE_PASSWORD.key(), "******");
        values.put(TlsConfiguration.DISABLE_HOSTNAME_VERIFIER.key(), "true");
        values.put(ArrowheadConfiguration.SR_ADDRESS.key(), "10.0.0.1");
        values.put(ArrowheadConfiguration.SR_PORT.key(), "18443");
        values.put(ArrowheadConfiguration.DOMAIN_NAME.key(), "eh.example");
        values.put(ArrowheadConfiguration.DOMAIN_PORT.key(), "8455");
        values.put(ArrowheadConfiguration.SR_RETRY_INITIAL_MS.key(), "10");
        values.put(ArrowheadConfiguration.SR_RETRY_MAX_MS.key(), "20");
        values.put(ArrowheadConfiguration.SR_CHECK_INTERVAL_MS.key(), "1000");
        values.put(ArrowheadConfiguration.AUTH_MAX_RETRY.key(), "5");
        values.put(ArrowheadConfiguration.AUTH_RETRY_INTERVAL_SEC.key(), "1");
        values.put(ArrowheadConfiguration.AUTH_RECHECK_INTERVAL_MS.key(), "2000");
        values.put(ArrowheadConfiguration.LOCAL_AUTHORIZATION_RULES.key(), "subscriber:publisher");
        values.put(ArrowheadConfiguration.CORE_CONNECT_TIMEOUT_MS.key(), "11");
        values.put(ArrowheadConfiguration.CORE_RESPONSE_TIMEOUT_MS.key(), "12");
        values.put(ArrowheadConfiguration.DIALECT.key(), "ARROWHEAD5");
        values.put(Arrowhead5Configuration.SYSTEM_NAME.key(), "PlantEventHandler");
        values.put(Arrowhead5Configuration.IDENTITY.key(), "DECLARED");
        values.put(Arrowhead5Configuration.UNRESTRICTED_DISCOVERY.key(), "false");
        values.put(Arrowhead5Configuration.AUTHORIZATION_ADDRESS.key(), "10.0.0.3");
        values.put(Arrowhead5Configuration.AUTHORIZATION_PORT.key(), "18445");
        values.put(Arrowhead5Configuration.AUTHORIZATION_CACHE_MS.key(), "1500");
        values.put(Arrowhead5Configuration.EVENT_TYPES.key(), "EVENT_TYPE_1:eventType1");
        values.put(Arrowhead5Configuration.AUTHENTICATION_ADDRESS.key(), "10.0.0.4");
        values.put(Arrowhead5Configuration.AUTHENTICATION_PORT.key(), "18444");
        values.put(Arrowhead5Configuration.PASSWORD.key(), "******");
        values.put(MqttConfiguration.ENABLED.key(), "true");
        values.put(MqttConfiguration.BROKER_URL.key(), "tcp://10.0.0.4:1884");
        values.put(MqttConfiguration.CLIENT_ID.key(), "AH-Plant");
        values.put(MqttConfiguration.USERNAME.key(), "plant");
        values.put(MqttConfiguration.PASSWORD.key(), "******");
        values.put(MqttConfiguration.QOS.key(), "2");
        values.put(MqttConfiguration.RECONNECT_MAX_MS.key(), "2000");
        values.put(MqttConfiguration.MAX_INFLIGHT.key(), "50");
        values.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:x");
        values.put(StoreConfiguration.USER.key(), "eh");
        values.put(StoreConfiguration.PASSWORD.key(), "******");
        values.put(EngineConfiguration.GRAPH.key(), "graph.json");
        values.put(EngineConfiguration.WORKERS.key(), "3");
        values.put(EngineConfiguration.RESERVED_WORKERS.key(), "1");
        values.put(LimitsConfiguration.MAX_HEADER_BYTES.key(), "1024");
        values.put(LimitsConfiguration.MAX_JSON_DEPTH.key(), "4");
        values.put(LimitsConfiguration.MAX_JSON_STRING_LENGTH.key(), "256");
        values.put(LimitsConfiguration.MAX_METADATA_ENTRIES.key(), "0");
        values.put(LimitsConfiguration.MAX_EVENT_TYPE_LENGTH.key(), "1");
        values.put(LimitsConfiguration.EVENT_TYPE_PATTERN.key(), "[a-z]+");
        values.put(LimitsConfiguration.MAX_SYSTEM_NAME_LENGTH.key(), "2");
        values.put(LimitsConfiguration.MAX_ADDRESS_LENGTH.key(), "3");
        values.put(LimitsConfiguration.PUBLISH_RATE_LIMIT.key(), "50");
        values.put(LimitsConfiguration.PUBLISH_BYTES_LIMIT.key(), "4096");
        values.put(LimitsConfiguration.PUBLISH_BATCH_MAX.key(), "20");
        values.put(LimitsConfiguration.PUBLISH_BATCH_MAX_BYTES.key(), "8192");
        values.put(LimitsConfiguration.SSE_MAX_STREAMS.key(), "7");
        values.put(LimitsConfiguration.MAX_TOPICS.key(), "9");
        values.put(LimitsConfiguration.TOPIC_IDLE_FORGET_S.key(), "11");
        values.put(ExperimentalConfiguration.POLICY.key(), "FCFS");
        values.put(ExperimentalConfiguration.REPLICATION.key(), "ALL");
        values.put(ExperimentalConfiguration.COORDINATION.key(), "false");
        values.put(DeliveryConfiguration.TOPICS.key(), "qos.json");
        values.put(DeliveryConfiguration.DEFAULT_DEADLINE_MS.key(), "250");
        values.put(DeliveryConfiguration.PUBLISHER_LATENCY_MS.key(), "0.5");
        values.put(DeliveryConfiguration.EDGE_LATENCY_MS.key(), "2");
        values.put(DeliveryConfiguration.CLOUD_LATENCY_MS.key(), "44");
        values.put(DeliveryConfiguration.BACKUP_LATENCY_MS.key(), "0.05");
        values.put(DeliveryConfiguration.FAILOVER_MS.key(), "120");
        values.put(DeliveryConfiguration.MERGE_MAX.key(), "8");
        values.put(DeliveryConfiguration.INLINE_MAX_SUBSCRIBERS.key(), "3");
        values.put(ExperimentalConfiguration.CALIBRATION_ENABLED.key(), "true");
        values.put(ExperimentalConfiguration.CALIBRATION_SAMPLES.key(), "1000");
        values.put(ExperimentalConfiguration.CALIBRATION_FILE.key(), "stages.csv");
        values.put(ReplicationConfiguration.ROLE.key(), "BACKUP");
        values.put(KafkaConfiguration.BOOTSTRAP_SERVERS.key(), "10.0.0.9:9092");
        values.put(KafkaConfiguration.CLIENT_ID.key(), "plant1");
        values.put(KafkaConfiguration.EXPORT_TOPICS.key(), "TEMPERATURE,ALARM_*");
        values.put(KafkaConfiguration.EXPORT_CLOUD.key(), "true");
        values.put(KafkaConfiguration.EXPORT_PREFIX.key(), "plant1.");
        values.put(KafkaConfiguration.IMPORT.key(), "commands:SETPOINT");
        values.put(KafkaConfiguration.IMPORT_SOURCE.key(), "enterprise");
        values.put(KafkaConfiguration.GROUP_ID.key(), "plant1-pair");
        values.put(KafkaConfiguration.RETRY_MS.key(), "500");
        values.put(KafkaConfiguration.EXPORT_LINGER_MS.key(), "7");
        values.put(KafkaConfiguration.EXPORT_IDLE_PRIORITY.key(), "false");
        values.put(ReplicationConfiguration.PEER.key(), "https://10.0.0.2:8455");
        values.put(ReplicationConfiguration.HEARTBEAT_MS.key(), "20");
        values.put(ReplicationConfiguration.FAILURE_TIMEOUT_MS.key(), "80");
        values.put(ReplicationConfiguration.PROBE_TIMEOUT_MS.key(), "5");
        values.put(ReplicationConfiguration.BUFFER_PER_TOPIC.key(), "4");
        values.put(ReplicationConfiguration.BATCH_MAX.key(), "64");
        values.put(ReplicationConfiguration.QUEUE_CAPACITY.key(), "1024");
        values.put(ReplicationConfiguration.BODY_MAX_BYTES.key(), "1048576");
        values.put(ReplicationConfiguration.SECRET.key(), PAIR_SECRET);
        values.put(ReplicationConfiguration.LOOPBACK_ONLY.key(), "true");
        values.put(ReplicationConfiguration.FENCING.key(), "true");
        values.put(ObservabilityConfiguration.METRICS_READERS.key(), "sysop,prometheus");
        values.put(ObservabilityConfiguration.METRICS_TOPIC_LIMIT.key(), "7");
        values.put(ObservabilityConfiguration.LOG_REPEAT_INTERVAL_MS.key(), "250");
        values.put(ObservabilityConfiguration.LOG_MAX_LINES.key(), "40");
        values.put(HistoryConfiguration.MODE.key(), "DURABLE");
        values.put(HistoryConfiguration.DIR.key(), "/var/lib/eh/history");
        values.put(HistoryConfiguration.MEMORY_MAX_BYTES.key(), "65536");
        values.put(HistoryConfiguration.MAX_AGE_S.key(), "3600");
        values.put(HistoryConfiguration.MAX_BYTES.key(), "1048576");
        values.put(HistoryConfiguration.SYNC.key(), "true");
        values.put(HistoryConfiguration.FSYNC.key(), "true");
        values.put(HistoryConfiguration.QUEUE_CAPACITY.key(), "16");
        values.put(HistoryConfiguration.BATCH_MAX.key(), "8");
        values.put(HistoryConfiguration.COMMIT_INTERVAL_MS.key(), "250");
        return values;
    }

    private static Map<String, String> described(final ServerConfiguration configuration) {
        final Map<String, String> values = new LinkedHashMap<>();
        configuration.describe().forEach((k, v) -> values.put(k, String.valueOf(v)));
        return values;
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        final Map<String, String> expected = new LinkedHashMap<>();
        expected.put("server.address", "127.0.0.1");
        expected.put("server.port", "8455");
        expected.put("eh.worker.threads", Integer.toString(Math.max(2, CORES)));
        expected.put("eh.selector.threads", Integer.toString(CORES));
        expected.put("eh.http.publish.on.selector", "true");
        expected.put("eh.selector.spin.micros", "50");
        expected.put("eh.delivery.spin.micros", "50");
        expected.put("eh.shutdown.grace.ms", "10000");
        expected.put("eh.http.request.timeout.ms", "10000");
        expected.put("eh.max.connections", "0");
        expected.put("eh.max.connections.per.address", "0");
        expected.put("eh.delivery.threads", Integer.toString(Math.max(2, CORES)));
        expected.put("eh.history.size", "1024");
        expected.put("eh.subscriber.queue.capacity", "8192");
        expected.put("eh.delivery.batch.max", "256");
        expected.put("eh.sse.heartbeat.interval.ms", "15000");
        expected.put("eh.sse.retry.ms", "2000");
        expected.put("eh.sse.stall.timeout.ms", "30000");
        expected.put("eh.sse.stalled.memory.bytes", "0");
        expected.put("eh.max.body.bytes", "65536");
        expected.put("time_stamp_tolerance_seconds", "120");
        expected.put("eh.webhook.connect.timeout.ms", "2000");
        expected.put("eh.webhook.response.timeout.ms", "5000");
        expected.put("eh.webhook.max.retries", "3");
        expected.put("eh.webhook.retry.backoff.ms", "200");
        expected.put("eh.webhook.circuit.failures", "5");
        expected.put("eh.webhook.circuit.open.ms", "10000");
        expected.put("eh.webhook.max.connections", "512");
        expected.put("eh.webhook.io.threads", Integer.toString(CORES));
        expected.put("eh.webhook.position.interval.ms", "1000");
        expected.put("server.ssl.enabled", "false");
        expected.put("server.ssl.key-store-type", "PKCS12");
        expected.put("server.ssl.key-store", "");
        expected.put("server.ssl.key-store-password", "");
        expected.put("server.ssl.key-alias", "");
        expected.put("server.ssl.key-password", "");
        expected.put("server.ssl.trust-store-type", "PKCS12");
        expected.put("server.ssl.trust-store", "");
        expected.put("server.ssl.trust-store-password", "");
        expected.put("disable.hostname.verifier", "false");
        expected.put("sr_address", "");
        expected.put("sr_port", "8443");
        expected.put("domain.name", "127.0.0.1");
        expected.put("domain.port", "0");
        expected.put("eh.sr.retry.initial.ms", "500");
        expected.put("eh.sr.retry.max.ms", "30000");
        expected.put("eh.sr.check.interval.ms", "30000");
        expected.put("event_handler_max_retry_connect_auth", "3");
        expected.put("event_handler_retry_connect_auth_interval_sec", "10");
        expected.put("eh.authorization.recheck.interval.ms", "60000");
        expected.put("eh.local.authorization.rules", "");
        expected.put("eh.core.connect.timeout.ms", "5000");
        expected.put("eh.core.response.timeout.ms", "10000");
        expected.put("eh.arrowhead.dialect", "ARROWHEAD46");
        expected.put("eh.ah5.system.name", "EventHandler");
        expected.put("eh.ah5.identity", "DECLARED");
        expected.put("eh.ah5.unrestricted.discovery", "true");
        expected.put("eh.ah5.authorization.address", "");
        expected.put("eh.ah5.authorization.port", "8445");
        expected.put("eh.ah5.authorization.cache.ms", "30000");
        expected.put("eh.ah5.event.types", "");
        expected.put("eh.ah5.authentication.address", "");
        expected.put("eh.ah5.authentication.port", "8444");
        expected.put("eh.ah5.authentication.password", "");
        expected.put("eh.mqtt.enabled", "false");
        expected.put("eh.mqtt.broker.url", "tcp://127.0.0.1:1883");
        expected.put("eh.mqtt.client.id", "");
        expected.put("eh.mqtt.username", "");
        expected.put("eh.mqtt.password", "");
        expected.put("eh.mqtt.qos", "1");
        expected.put("eh.mqtt.reconnect.max.ms", "5000");
        expected.put("eh.mqtt.max.inflight", "1000");
        expected.put("eh.store.url", "jdbc:h2:file:./data/eventhandler");
        expected.put("eh.store.user", "");
        expected.put("eh.store.password", "");
        expected.put("eh.engine.graph", "");
        expected.put("eh.engine.workers", Integer.toString(CORES));
        expected.put("eh.engine.reserved.workers", "0");
        expected.put("eh.max.header.bytes", "8192");
        expected.put("eh.max.json.depth", "32");
        expected.put("eh.max.json.string.length", "1048576");
        expected.put("eh.max.metadata.entries", "64");
        expected.put("eh.max.event.type.length", "255");
        expected.put("eh.event.type.pattern", "[A-Za-z0-9_.:/-]+");
        expected.put("eh.max.system.name.length", "255");
        expected.put("eh.max.address.length", "255");
        expected.put("eh.publish.rate.limit", "0");
        expected.put("eh.publish.bytes.limit", "0");
        expected.put("eh.publish.batch.max", "1000");
        expected.put("eh.publish.batch.max.bytes", "1048576");
        expected.put("eh.sse.max.streams", "0");
        expected.put("eh.max.topics", "0");
        expected.put("eh.topic.idle.forget.s", "600");
        expected.put("eh.delivery.policy", "EDF");
        expected.put("eh.delivery.replication", "SELECTIVE");
        expected.put("eh.delivery.coordination", "true");
        expected.put("eh.qos.topics", "");
        expected.put("eh.qos.default.deadline.ms", "1000");
        expected.put("eh.qos.publisher.latency.ms", "0");
        expected.put("eh.qos.edge.subscriber.latency.ms", "1");
        expected.put("eh.qos.cloud.subscriber.latency.ms", "20");
        expected.put("eh.qos.backup.latency.ms", "1");
        expected.put("eh.qos.failover.ms", "50");
        expected.put("eh.delivery.merge.max", "32");
        expected.put("eh.delivery.inline.max.subscribers", "8");
        expected.put("eh.calibration.enabled", "false");
        expected.put("eh.calibration.samples", "200000");
        expected.put("eh.calibration.file", "eh-calibration.csv");
        expected.put("eh.replication.role", "STANDALONE");
        expected.put("eh.replication.peer", "");
        expected.put("eh.replication.heartbeat.ms", "5");
        expected.put("eh.replication.failure.timeout.ms", "20");
        expected.put("eh.replication.probe.timeout.ms", "500");
        expected.put("eh.replication.buffer.per.topic", "8192");
        expected.put("eh.replication.batch.max", "512");
        expected.put("eh.replication.queue.capacity", "65536");
        expected.put("eh.replication.body.max.bytes", "33554432");
        expected.put("eh.replication.secret", "");
        expected.put("eh.replication.loopback.only", "false");
        expected.put("eh.replication.fencing", "false");
        expected.put("eh.kafka.bootstrap.servers", "");
        expected.put("eh.kafka.client.id", "eventhandler");
        expected.put("eh.kafka.export.topics", "");
        expected.put("eh.kafka.export.cloud", "false");
        expected.put("eh.kafka.export.prefix", "eh.");
        expected.put("eh.kafka.import", "");
        expected.put("eh.kafka.import.source", "kafka-bridge");
        expected.put("eh.kafka.group.id", "eventhandler");
        expected.put("eh.kafka.retry.ms", "2000");
        expected.put("eh.kafka.export.linger.ms", "1");
        expected.put("eh.kafka.export.idle.priority", "true");
        expected.put("eh.metrics.readers", "sysop");
        expected.put("eh.metrics.topic.limit", "100");
        expected.put("eh.log.repeat.interval.ms", "10000");
        expected.put("eh.log.max.lines", "100");
        expected.put("eh.history.mode", "MEMORY");
        expected.put("eh.history.dir", "./data/history");
        expected.put("eh.history.max.age.s", "0");
        expected.put("eh.history.max.bytes", "0");
        expected.put("eh.history.sync", "false");
        expected.put("eh.history.fsync", "false");
        expected.put("eh.history.queue.capacity", "65536");
        expected.put("eh.history.batch.max", "1024");
        expected.put("eh.history.commit.interval.ms", "1");
        expected.put("eh.history.memory.max.bytes", "0");
        assertEquals(expected, described(ServerConfiguration.defaults()));
        assertEquals(ServerConfiguration.defaults(), ServerConfiguration.fromMap(Map.of()));
    }

    @Test
    void theDefaultColumnOfDocsConfigurationMdMatchesDescribe() throws IOException {
        final String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
        final Map<String, String> actual = described(ServerConfiguration.defaults());
        final Map<String, String> documented = new LinkedHashMap<>();
        final Matcher row = DOCUMENTED_ROW.matcher(doc);
        while (row.find()) {
            final String text = row.group(2).replace("`", "").trim();
            final String value = switch (text) {
                case "cores" -> Integer.toString(CORES);
                case "cores, at least 2" -> Integer.toString(Math.max(2, CORES));
                case "(none)", "(none: standalone)", "(none: all allowed)", "the only key entry",
                        "the store password", "the key store password" -> "";
                case "on when a key store is given" -> "false";
                case "server.address" -> "127.0.0.1";
                case "sr_address", "AH-<system name>", "the system name" -> "";
                case LimitsConfiguration.DEFAULT_EVENT_TYPE_PATTERN -> text;
                default -> {
                    if (!text.matches("[0-9.]+|false|true|PKCS12|EDF|SELECTIVE|STANDALONE|MEMORY|ARROWHEAD46|DECLARED|EventHandler|jdbc:\\S+|tcp:\\S+|[\\w-]+\\.csv|sysop|eventhandler|eh\\.|kafka-bridge|\\./[\\w/]+")) {
                        fail("default of " + row.group(1) + " is neither a value nor a known formula: " + text);
                    }
                    yield text;
                }
            };
            documented.put(row.group(1), value);
        }
        assertEquals(actual, documented);
    }

    /** A shared secret long enough to be taken (shown as ****** like every secret). */
    private static final String PAIR_SECRET = "pair-secret-0123456789";

    private static Map<String, String> hidingTheSecret(final Map<String, String> values) {
        final Map<String, String> shown = new HashMap<>(values);
        shown.put(ReplicationConfiguration.SECRET.key(), "******");
        shown.put(MqttConfiguration.PASSWORD.key(), "******");
        return shown;
    }

    @Test
    void everyKeyCanBeSetAndReachesItsOwnField() {
        final Map<String, String> values = nonDefaults();
        final ServerConfiguration configuration = ServerConfiguration.fromMap(values);
        assertEquals(hidingTheSecret(values), described(configuration));
        assertEquals(new ServerConfiguration(
                        new HttpConfiguration("0.0.0.0", 18455, 17, 3, 2500, 300, 40, false, 7),
                        new ShutdownConfiguration(2500),
                        new LimitsConfiguration(256, 0, 1024, 4, 256, 0, 1, "[a-z]+", 2, 3, 50, 4096, 20, 8192, 7, 9, 11),
                        new StreamConfiguration(100, 0, 60_000, 1_048_576),
                        new WebhookConfiguration(1, 7, 0, 0, 0, 1, 9, 3, 250),
                        new DeliveryConfiguration(5, 2, 1, 8, 3, 9, "qos.json", 250_000,
                                new LatencyBounds(500, 2_000, 44_000, 50, 120_000)),
                        new HistoryConfiguration(HistoryMode.DURABLE, 0, Path.of("/var/lib/eh/history"), 3600,
                                1_048_576, true, true, 16, 8, 250, 65_536),
                        new EngineConfiguration("graph.json", 3, 1),
                        new StoreConfiguration("jdbc:h2:mem:x", "eh", "******"),
                        new TlsConfiguration(false, Path.of("certs/eventhandler.p12"), "******", "eventhandler",
                                "******", Path.of("certs/truststore.p12"), "******", false),
                        new ArrowheadConfiguration("10.0.0.1", 18443, "eh.example", 8455, 10, 20, 1000, 5, 1,
                                2000, "subscriber:publisher", 11, 12, ArrowheadDialect.ARROWHEAD5,
                                new Arrowhead5Configuration("PlantEventHandler",
                                        Arrowhead5Configuration.Identity.DECLARED, false, "10.0.0.3", 18445, 1500,
                                        "EVENT_TYPE_1:eventType1", "10.0.0.4", 18444, "******")),
                        new MqttConfiguration(true, "tcp://10.0.0.4:1884", "AH-Plant", "plant", "******", 2, 2000,
                                50),
                        new ReplicationConfiguration(ReplicationRole.BACKUP, "https://10.0.0.2:8455", 20, 80, 5, 4, 64,
                                1024, 1_048_576, PAIR_SECRET, true, true),
                        new KafkaConfiguration("10.0.0.9:9092", "plant1", List.of("TEMPERATURE", "ALARM_*"), true,
                                "plant1.", Map.of("commands", "SETPOINT"), "enterprise", "plant1-pair", 500, 7, false,
                                Map.of()),
                        new ObservabilityConfiguration(List.of("sysop", "prometheus"), 7, 250, 40),
                        new ExperimentalConfiguration(SchedulingPolicy.FCFS, ReplicationPolicy.ALL, false,
                                new CalibrationConfiguration(true, 1000, Path.of("stages.csv")))),
                configuration);
    }

    @Test
    void valuesAreTrimmedAndUnsetKeysKeepTheirDefaults() {
        final ServerConfiguration configuration = ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), " 9000\t", HttpConfiguration.ADDRESS.key(), " ::1 "));
        assertEquals(9000, configuration.http().port());
        assertEquals("::1", configuration.http().address());
        assertEquals(ServerConfiguration.defaults().history().size(), configuration.history().size());
        assertEquals(ServerConfiguration.defaults().limits().maxBodyBytes(), configuration.limits().maxBodyBytes());
    }

    @Test
    void theEnvironmentVariableIsTheKeyUpperCasedWithUnderscores() {
        assertEquals("EH_SSE_RETRY_MS", ConfigSource.environmentName(StreamConfiguration.RETRY_MS.key()));
        assertEquals("SERVER_PORT", ConfigSource.environmentName(HttpConfiguration.PORT.key()));
        assertEquals("TIME_STAMP_TOLERANCE_SECONDS",
                ConfigSource.environmentName(LimitsConfiguration.TIME_STAMP_TOLERANCE_SECONDS.key()));
        assertEquals("A_B_C", ConfigSource.environmentName("a.b-c"));
    }

    @Test
    void everyKeyCanBeSetFromTheEnvironment() {
        final Map<String, String> environment = new HashMap<>();
        nonDefaults().forEach((key, value) -> environment.put(ConfigSource.environmentName(key), value));
        assertEquals(hidingTheSecret(nonDefaults()), described(ServerConfiguration.load(null, environment)));
    }

    @Test
    void theFileOverridesTheDefaultsAndTheEnvironmentOverridesTheFile(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("eventhandler.properties");
        Files.writeString(file, """
                # an Arrowhead-style properties file
                server.port=8456
                eh.sse.retry.ms = 3000
                time_stamp_tolerance_seconds: 30
                eh.history.size=64
                """);
        final ServerConfiguration fromFile = ServerConfiguration.load(file, Map.of());
        assertEquals(8456, fromFile.http().port());
        assertEquals(3000, fromFile.streams().retryMs());
        assertEquals(30, fromFile.limits().timeStampToleranceSeconds());
        assertEquals(64, fromFile.history().size());
        assertEquals(ServerConfiguration.defaults().webhooks().maxRetries(), fromFile.webhooks().maxRetries());

        final ServerConfiguration overridden = ServerConfiguration.load(file, Map.of(
                "SERVER_PORT", "8457", "EH_WEBHOOK_MAX_RETRIES", " 7 ", "PATH", "/usr/bin", "eh.history.size", "1"));
        assertEquals(8457, overridden.http().port(), "environment over file");
        assertEquals(7, overridden.webhooks().maxRetries(), "environment over default");
        assertEquals(3000, overridden.streams().retryMs(), "file where the environment says nothing");
        assertEquals(64, overridden.history().size(), "the environment is read by variable name, not by key");
    }

    @Test
    void aMissingFileMeansDefaultsAndEnvironment(@TempDir final Path dir) {
        final ServerConfiguration configuration = ServerConfiguration.load(dir.resolve("absent.properties"),
                Map.of("EH_MAX_BODY_BYTES", "1024"));
        assertEquals(1024, configuration.limits().maxBodyBytes());
        assertEquals(ServerConfiguration.defaults().http().port(), configuration.http().port());
    }

    @Test
    void anUnreadableFileIsAnError(@TempDir final Path dir) {
        final UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> ServerConfiguration.load(dir, Map.of()));
        assertEquals("cannot read " + dir, e.getMessage());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            server.port                    | abc         | server.port=abc is not a whole number
            server.port                    | 80.5        | server.port=80.5 is not a whole number
            server.port                    | 99999999999 | server.port=99999999999 is not a whole number
            eh.max.body.bytes              | 64k         | eh.max.body.bytes=64k is not a whole number
            eh.sse.retry.ms                | ~~          | eh.sse.retry.ms= is not a whole number
            server.port                    | -1          | server.port=-1 must be between 0 and 65535
            server.port                    | 65536       | server.port=65536 must be between 0 and 65535
            eh.worker.threads              | 0           | eh.worker.threads=0 must be at least 1
            eh.selector.threads            | 0           | eh.selector.threads=0 must be at least 1
            eh.delivery.threads            | -2          | eh.delivery.threads=-2 must be at least 1
            eh.history.size                | -1          | eh.history.size=-1 must be at least 0
            eh.history.commit.interval.ms  | 60001       | eh.history.commit.interval.ms=60001 must be between 0 and 60000
            eh.subscriber.queue.capacity   | 1           | eh.subscriber.queue.capacity=1 must be at least 2
            eh.delivery.batch.max          | 0           | eh.delivery.batch.max=0 must be at least 1
            eh.delivery.policy             | LIFO        | eh.delivery.policy=LIFO must be one of [EDF, FCFS]
            eh.delivery.merge.max          | 0           | eh.delivery.merge.max=0 must be at least 1
            eh.qos.failover.ms             | -1          | eh.qos.failover.ms=-1 must be milliseconds ≥ 0 with at most 3 decimals
            eh.qos.backup.latency.ms       | 0.0001      | eh.qos.backup.latency.ms=0.0001 must be milliseconds ≥ 0 with at most 3 decimals
            eh.qos.edge.subscriber.latency.ms | one      | eh.qos.edge.subscriber.latency.ms=one is not a number of milliseconds
            eh.replication.role            | witness     | eh.replication.role=witness must be one of STANDALONE, PRIMARY, BACKUP
            eh.replication.role            | primary     | eh.replication.role=PRIMARY needs eh.replication.peer, the other instance's base URI
            eh.replication.heartbeat.ms    | 0           | eh.replication.heartbeat.ms=0 must be at least 1
            eh.replication.secret          | short       | eh.replication.secret must have at least 16 characters
            eh.sse.heartbeat.interval.ms   | 99          | eh.sse.heartbeat.interval.ms=99 must be at least 100
            eh.mqtt.broker.url             | mqtt://b:1  | eh.mqtt.broker.url=mqtt://b:1 must be tcp://host:port or ssl://host:port
            eh.mqtt.broker.url             | tcp://b     | eh.mqtt.broker.url=tcp://b must be tcp://host:port or ssl://host:port
            eh.mqtt.qos                    | 3           | eh.mqtt.qos=3 must be between 0 and 2
            eh.sse.retry.ms                | -1          | eh.sse.retry.ms=-1 must be at least 0
            eh.max.body.bytes              | 255         | eh.max.body.bytes=255 must be at least 256
            time_stamp_tolerance_seconds   | -1          | time_stamp_tolerance_seconds=-1 must be at least 0
            eh.webhook.connect.timeout.ms  | 0           | eh.webhook.connect.timeout.ms=0 must be at least 1
            eh.webhook.response.timeout.ms | 0           | eh.webhook.response.timeout.ms=0 must be at least 1
            eh.webhook.max.retries         | -1          | eh.webhook.max.retries=-1 must be at least 0
            eh.webhook.retry.backoff.ms    | -1          | eh.webhook.retry.backoff.ms=-1 must be at least 0
            eh.webhook.max.connections     | 0           | eh.webhook.max.connections=0 must be at least 1
            eh.webhook.io.threads          | 0           | eh.webhook.io.threads=0 must be at least 1
            eh.webhook.position.interval.ms | 5          | eh.webhook.position.interval.ms=5 must be at least 10
            eh.shutdown.grace.ms           | -1          | eh.shutdown.grace.ms=-1 must be at least 0
            server.address                 | ~  ~        | server.address is blank
            server.ssl.enabled             | yes         | server.ssl.enabled=yes must be true or false
            server.ssl.key-store-type      | JKS         | server.ssl.key-store-type=JKS must be PKCS12 (as Arrowhead's stores are)
            sr_port                        | 0           | sr_port=0 must be between 1 and 65535
            eh.sr.check.interval.ms        | 99          | eh.sr.check.interval.ms=99 must be at least 100
            event_handler_max_retry_connect_auth | 0     | event_handler_max_retry_connect_auth=0 must be at least 1
            eh.max.header.bytes            | 1023        | eh.max.header.bytes=1023 must be at least 1024
            eh.max.json.depth              | 3           | eh.max.json.depth=3 must be at least 4
            eh.max.json.string.length      | 255         | eh.max.json.string.length=255 must be at least 256
            eh.max.metadata.entries        | -1          | eh.max.metadata.entries=-1 must be at least 0
            eh.max.event.type.length       | 256         | eh.max.event.type.length=256 must be between 1 and 255 (the store's column)
            eh.max.system.name.length      | 0           | eh.max.system.name.length=0 must be between 1 and 255 (the store's column)
            eh.max.address.length          | 256         | eh.max.address.length=256 must be between 1 and 255 (the store's column)
            eh.event.type.pattern          | [a-z        | eh.event.type.pattern=[a-z is not a regular expression
            eh.publish.rate.limit          | -1          | eh.publish.rate.limit=-1 must be at least 0
            eh.metrics.readers             | ~ , ~       | eh.metrics.readers is blank: name at least one system, or * for any
            eh.metrics.topic.limit         | -1          | eh.metrics.topic.limit=-1 must be at least 0
            eh.log.repeat.interval.ms      | -1          | eh.log.repeat.interval.ms=-1 must be at least 0
            eh.log.max.lines               | -1          | eh.log.max.lines=-1 must be at least 0
            eh.history.mode                | disk        | eh.history.mode=disk must be one of [OFF, MEMORY, DURABLE]
            eh.history.sync                | true        | eh.history.sync=true needs eh.history.mode=DURABLE (nothing else can acknowledge as durable)
            eh.history.max.bytes           | -1          | eh.history.max.bytes=-1 must be at least 0
            eh.history.memory.max.bytes    | -1          | eh.history.memory.max.bytes=-1 must be at least 0
            eh.history.queue.capacity      | 15          | eh.history.queue.capacity=15 must be at least 16
            eh.publish.bytes.limit         | 65535       | eh.publish.bytes.limit=65535 must be 0 (none) or at least eh.max.body.bytes (65536)
            """)
    void aBadValueIsAConfigurationExceptionNamingTheKey(final String key, final String value, final String problem) {
        final ConfigurationException fromMap = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(key, value)));
        assertEquals(List.of(problem), fromMap.problems());
        assertEquals("invalid configuration:\n  " + problem, fromMap.getMessage());

        final ConfigurationException fromEnvironment = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.load(null, Map.of(ConfigSource.environmentName(key), value)));
        assertEquals(List.of(problem), fromEnvironment.problems(), "a bad variable is reported by its key");
    }

    @Test
    void secureModeNeedsReadableStores() {
        final ConfigurationException noStores = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(TlsConfiguration.ENABLED.key(), "true")));
        assertEquals(List.of("server.ssl.enabled=true needs server.ssl.key-store",
                "server.ssl.enabled=true needs server.ssl.trust-store"), noStores.problems());
        final ConfigurationException missingFiles = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(TlsConfiguration.KEY_STORE.key(), "/nonexistent/eh.p12",
                        TlsConfiguration.TRUST_STORE.key(), "/nonexistent/trust.p12")));
        assertEquals(List.of("server.ssl.key-store=/nonexistent/eh.p12 is not a readable file",
                "server.ssl.trust-store=/nonexistent/trust.p12 is not a readable file"), missingFiles.problems());
    }

    @Test
    void aWildcardAddressCannotBeRegistered() {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(HttpConfiguration.ADDRESS.key(), "0.0.0.0",
                        ArrowheadConfiguration.SR_ADDRESS.key(), "10.0.0.1")));
        assertEquals(List.of("domain.name must be the address other systems reach the Event Handler at; 0.0.0.0 "
                + "(from server.address) cannot be registered"), e.problems());
        assertEquals("eh.local", ServerConfiguration.fromMap(Map.of(HttpConfiguration.ADDRESS.key(), "0.0.0.0",
                ArrowheadConfiguration.SR_ADDRESS.key(), "10.0.0.1", ArrowheadConfiguration.DOMAIN_NAME.key(), "eh.local"))
                .arrowhead().domainName());
    }

    /** Every problem at once, in the order of docs/configuration.md. */
    @Test
    void everyProblemIsReportedAtOnce(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("bad.properties");
        Files.writeString(file, "server.port=http\neh.history.size=-5\neh.sse.retry.ms=100\n");
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.load(file, Map.of("EH_MAX_BODY_BYTES", "1", "SERVER_ADDRESS", " ")));
        assertEquals(List.of("server.address is blank", "server.port=http is not a whole number",
                "eh.max.body.bytes=1 must be at least 256", "eh.history.size=-5 must be at least 0"), e.problems());
        assertEquals("""
                invalid configuration:
                  server.address is blank
                  server.port=http is not a whole number
                  eh.max.body.bytes=1 must be at least 256
                  eh.history.size=-5 must be at least 0""", e.getMessage());
    }

    /** Admission assumes a failover takes at most x: a pair whose detection alone takes longer cannot start. */
    @Test
    void aPairWhoseFailureDetectionExceedsTheFailoverTimeIsRefused() {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(ReplicationConfiguration.ROLE.key(), "backup",
                        ReplicationConfiguration.PEER.key(), "http://127.0.0.1:8456",
                        ReplicationConfiguration.FAILURE_TIMEOUT_MS.key(), "50")));
        assertTrue(e.getMessage().contains("eh.qos.failover.ms=50 must cover eh.replication.heartbeat.ms + "
                + "eh.replication.failure.timeout.ms (55 ms)"), e::getMessage);
        final ConfigurationException badPeer = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of(ReplicationConfiguration.ROLE.key(), "primary",
                        ReplicationConfiguration.PEER.key(), "ftp://backup")));
        assertTrue(badPeer.getMessage().contains("eh.replication.peer=ftp://backup must be http(s)://host:port"),
                badPeer::getMessage);
    }

    /** A misspelt key is an error naming it, not a setting silently left at its default. */
    @Test
    void anUnknownKeyIsRejected(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("typo.properties");
        Files.writeString(file, "eh.max.body.byte=1\nserver.prot=abc\neh.history.size=7\n");
        final ConfigurationException fromFile = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.load(file, Map.of()));
        assertEquals("""
                invalid configuration:
                  eh.max.body.byte is not a known setting (did you mean eh.max.body.bytes?)
                  server.prot is not a known setting (did you mean server.port?)""", fromFile.getMessage());
        final ConfigurationException fromMap = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of("eh.unknown", "x")));
        assertTrue(fromMap.getMessage().contains("eh.unknown is not a known setting"), fromMap::getMessage);
        assertEquals(ServerConfiguration.defaults(), ServerConfiguration.load(file.resolveSibling("none"),
                Map.of("SOMETHING_ELSE", "x", "EH_TEST_POSTGRES_URL", "x", "EH_REQUIRE_BROWSER", "1",
                        "EH_REQUIRE_MOSQUITTO", "1")),
                "foreign environment variables and the build's own are not ours to judge");
    }

    /**
     * The Kafka clients' own settings pass through by their names (TLS, SASL): a name the clients do not know, or one
     * the bridge sets itself, is refused as an unknown key is, not dropped with a client warning.
     */
    @Test
    void kafkaClientPropertiesPassOnlyByNamesTheClientsKnow(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("kafka.properties");
        Files.writeString(file, String.join("\n", "eh.kafka.bootstrap.servers=kafka.example:9093",
                "eh.kafka.property.security.protocol=SASL_SSL", "eh.kafka.property.ssl.truststore.location=/t.p12",
                "eh.kafka.property.sasl.mechanism=SCRAM-SHA-512", "eh.kafka.property.request.timeout.ms=5000", ""));
        assertEquals(Map.of("security.protocol", "SASL_SSL", "ssl.truststore.location", "/t.p12", "sasl.mechanism",
                "SCRAM-SHA-512", "request.timeout.ms", "5000"),
                ServerConfiguration.load(file, Map.of()).kafka().client());
        Files.writeString(file, String.join("\n", "eh.kafka.bootstrap.servers=kafka.example:9093",
                "eh.kafka.property.ssl.truststore.locaton=/t.p12", "eh.kafka.property.acks=1",
                "eh.kafka.property.group.id=other", ""));
        final ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.load(file, Map.of()));
        assertEquals("""
                invalid configuration:
                  eh.kafka.property.acks is set by the bridge itself (its delivery guarantees rest on it) and cannot\
                 be changed
                  eh.kafka.property.group.id is set by eh.kafka.group.id; use that key
                  eh.kafka.property.ssl.truststore.locaton is not a Kafka producer or consumer property (for TLS and\
                 SASL: security.protocol, ssl.*, sasl.* as the Kafka client documents them)""", refused.getMessage());
    }

    /** A misspelt {@code EH_} environment variable is refused as a misspelt key is, with the nearest real name. */
    @Test
    void anUnknownEhEnvironmentVariableIsRejected() {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.load(null, Map.of("EH_SSE_RETRY_MSEC", "3000",
                        "EH_SOMETHING_ELSE", "x", "EH_SSE_RETRY_MS", "3000")));
        assertEquals("""
                invalid configuration:
                  environment variable EH_SOMETHING_ELSE is not a known setting
                  environment variable EH_SSE_RETRY_MSEC is not a known setting (did you mean EH_SSE_RETRY_MS?)""",
                e.getMessage());
    }

    /** Only a near miss gets a suggestion: two edits at most, and fewer for a short name. */
    @Test
    void didYouMeanOnlyForNearMisses() {
        final Set<String> keys = new LinkedHashSet<>(List.of("server.port", "eh.sse.retry.ms"));
        assertEquals(Optional.of("server.port"), ConfigSource.nearest("sever.port", keys));
        assertEquals(Optional.of("eh.sse.retry.ms"), ConfigSource.nearest("EH.SSE.RETRY.MS", keys));
        assertEquals(Optional.empty(), ConfigSource.nearest("eh.history.size", keys));
        assertEquals(3, ConfigSource.editDistance("kitten", "sitting"));
    }
}
