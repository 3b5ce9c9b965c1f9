package io.eventhandler.server.kafka;

import io.eventhandler.server.config.KafkaConfiguration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.util.HashMap;
import java.util.Map;

/**
 * The Kafka clients of the bridge, from its configuration: ours first, then every {@code eh.kafka.property.*} on top
 * (TLS, SASL, timeouts), except the settings the bridge's guarantees rest on, which are set last.
 */
final class KafkaClients {

    private final KafkaConfiguration configuration;

    KafkaClients(final KafkaConfiguration configuration) {
        this.configuration = configuration;
    }

    private Map<String, Object> common(final String role) {
        final Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, configuration.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, configuration.clientId() + "-" + role);
        // an unreachable cluster is retried by the bridge at its own pace; the clients' calls return within this
        p.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, Math.max(50, configuration.retryMillis()));
        p.putAll(configuration.client());
        return p;
    }

    /**
     * Idempotent, every in-sync replica acknowledging, one request in flight: no duplicate from the producer's own
     * retries, and no reordering (with several in flight, a first request that failed and was retried could land
     * after the next one, which a new partition takes without checking the producer's sequence).
     */
    KafkaProducer<String, byte[]> producer() {
        final Map<String, Object> p = common("export");
        p.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 1);
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, Math.max(1000, configuration.retryMillis()));
        p.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        return new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    /** Without a group: reads the last records of the exported topics back. */
    KafkaConsumer<byte[], byte[]> reader() {
        final Map<String, Object> p = common("resume");
        p.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Math.max(1000, configuration.retryMillis()));
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        p.remove(ConsumerConfig.GROUP_ID_CONFIG);
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** The pair's consumer group, committing by hand only what the Event Handler accepted. */
    KafkaConsumer<byte[], byte[]> importer() {
        final Map<String, Object> p = common("import");
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100);
        p.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Math.max(1000, configuration.retryMillis()));
        p.put(ConsumerConfig.GROUP_ID_CONFIG, configuration.groupId());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }
}
