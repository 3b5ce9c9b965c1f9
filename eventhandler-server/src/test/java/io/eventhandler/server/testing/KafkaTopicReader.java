package io.eventhandler.server.testing;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import io.eventhandler.server.kafka.ExportHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads every record a Kafka topic holds now, from its beginning, with a consumer of no group. */
public final class KafkaTopicReader {

    private KafkaTopicReader() {
    }

    /** Every record of the topic, in offset order (one partition per exported topic); empty if it does not exist. */
    public static List<ConsumerRecord<byte[], byte[]>> all(final String bootstrapServers, final String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false), new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            final List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(10));
            final List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            if (infos == null || infos.isEmpty()) {
                return records;
            }
            final List<TopicPartition> partitions = infos.stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            final Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            return records;
        }
    }

    /** The sequence headers of the records, in order. */
    public static List<Long> sequences(final List<ConsumerRecord<byte[], byte[]>> records) {
        return records.stream().map(r -> ExportHeaders.sequence(r.headers()).orElseThrow()).toList();
    }
}
