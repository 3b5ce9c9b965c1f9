package io.eventhandler.server.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The last record an exported topic has in Kafka, read back (not remembered): the end of each partition, the record
 * just before it, and its sequence and epoch headers.
 *
 * @param epoch    the numbering of its sequence number
 * @param sequence its sequence number
 * @param offset   its offset
 */
record KafkaPosition(String epoch, long sequence, long offset) {

    /**
     * Reads the position of {@code kafkaTopic}: empty if the topic does not exist or holds no record of ours.
     *
     * @throws org.apache.kafka.common.KafkaException when Kafka does not answer within the reader's timeouts
     */
    static Optional<KafkaPosition> read(final KafkaConsumer<byte[], byte[]> reader, final String kafkaTopic,
                                        final Duration timeout) {
        final List<PartitionInfo> partitions = reader.partitionsFor(kafkaTopic, timeout);
        if (partitions == null || partitions.isEmpty()) {
            return Optional.empty();
        }
        final List<TopicPartition> assigned = new ArrayList<>();
        partitions.forEach(p -> assigned.add(new TopicPartition(p.topic(), p.partition())));
        reader.assign(assigned);
        final Map<TopicPartition, Long> ends = reader.endOffsets(assigned, timeout);
        final Map<TopicPartition, Long> starts = reader.beginningOffsets(assigned, timeout);
        final Map<TopicPartition, Long> wanted = new HashMap<>();
        ends.forEach((partition, end) -> {
            if (end != null && end > starts.getOrDefault(partition, 0L)) {
                reader.seek(partition, end - 1);
                wanted.put(partition, end - 1);
            }
        });
        final Optional<KafkaPosition> last = lastOf(reader, wanted, timeout);
        reader.unsubscribe();
        return last;
    }

    private static Optional<KafkaPosition> lastOf(final KafkaConsumer<byte[], byte[]> reader,
                                                  final Map<TopicPartition, Long> wanted, final Duration timeout) {
        KafkaPosition best = null;
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!wanted.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new org.apache.kafka.common.errors.TimeoutException("reading the last records of "
                        + wanted.keySet() + " took longer than " + timeout.toMillis() + " ms");
            }
            final ConsumerRecords<byte[], byte[]> records = reader.poll(Duration.ofMillis(100));
            for (final ConsumerRecord<byte[], byte[]> record : records) {
                final TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                final Long offset = wanted.get(partition);
                if (offset == null || record.offset() < offset) {
                    continue;
                }
                wanted.remove(partition);
                final OptionalLong sequence = ExportHeaders.sequence(record.headers());
                final String epoch = ExportHeaders.text(record.headers(), ExportHeaders.EPOCH);
                if (sequence.isPresent() && epoch != null
                        && (best == null || sequence.getAsLong() > best.sequence())) {
                    best = new KafkaPosition(epoch, sequence.getAsLong(), record.offset());
                }
            }
        }
        return Optional.ofNullable(best);
    }
}
