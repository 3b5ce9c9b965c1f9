package io.eventhandler.server.config;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The Kafka client properties the bridge passes through ({@code eh.kafka.property.<name>}): only names the Kafka
 * producer or consumer knows (a misspelt {@code ssl.truststore.location} would otherwise be dropped by the client with
 * a warning, and the bridge would talk plaintext), and none the bridge sets itself.
 */
final class KafkaClientProperties {

    /** Set by an {@code eh.kafka.*} key of their own. */
    private static final Map<String, String> OWN_KEYS = Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaConfiguration.BOOTSTRAP_SERVERS.key(),
            ProducerConfig.CLIENT_ID_CONFIG, KafkaConfiguration.CLIENT_ID.key(),
            ConsumerConfig.GROUP_ID_CONFIG, KafkaConfiguration.GROUP_ID.key());
    /** What the export's and the import's guarantees rest on (docs/kafka.md). */
    private static final Set<String> FIXED = Set.of(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
            ProducerConfig.ACKS_CONFIG, ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
            ProducerConfig.TRANSACTIONAL_ID_CONFIG, ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG);

    private KafkaClientProperties() {
    }

    /** Reports every name of {@code properties} that is unknown to the Kafka clients or not to be changed. */
    static void check(final Map<String, String> properties, final Consumer<String> problem) {
        final Set<String> known = new HashSet<>(ProducerConfig.configNames());
        known.addAll(ConsumerConfig.configNames());
        for (final String name : new TreeSet<>(properties.keySet())) {
            final String key = KafkaConfiguration.PROPERTY_PREFIX + name;
            if (OWN_KEYS.containsKey(name)) {
                problem.accept(key + " is set by " + OWN_KEYS.get(name) + "; use that key");
            } else if (FIXED.contains(name)) {
                problem.accept(key + " is set by the bridge itself (its delivery guarantees rest on it) and cannot"
                        + " be changed");
            } else if (!known.contains(name)) {
                problem.accept(key + " is not a Kafka producer or consumer property (for TLS and SASL: "
                        + "security.protocol, ssl.*, sasl.* as the Kafka client documents them)");
            }
        }
    }
}
