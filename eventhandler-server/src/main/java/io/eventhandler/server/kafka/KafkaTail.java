package io.eventhandler.server.kafka;

import io.eventhandler.core.replication.ResendStamp;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The end of an exported topic in Kafka, read back (not remembered): where it stands (the last record of each
 * partition, the highest sequence of them) and the publishers' stamps of its last {@link #WINDOW} records per
 * partition. After a take-over or a restart, publishers send their retained events again; those Kafka already holds
 * are recognised by these stamps and not exported again under new numbers.
 *
 * @param last   the last record of ours, empty if the topic does not exist or holds none
 * @param stamps the publishers' stamps of the records read
 */
record KafkaTail(Optional<KafkaPosition> last, Set<ResendStamp> stamps) {

    /**
     * Records read back per partition: more than the events publishers retain for resending (their retention N per
     * topic, a few), times the publishers of one topic, with room to spare.
     */
    static final int WINDOW = 4096;

    /**
     * Reads the tail of {@code kafkaTopic}.
     *
     * @throws org.apache.kafka.common.KafkaException when Kafka does not answer within the reader's timeouts
     */
    static KafkaTail read(final KafkaConsumer<byte[], byte[]> reader, final String kafkaTopic,
                          final Duration timeout) {
        final List<PartitionInfo> partitions = reader.partitionsFor(kafkaTopic, timeout);
        if (partitions == null || partitions.isEmpty()) {
            return new KafkaTail(Optional.empty(), Set.of());
        }
        final List<TopicPartition> assigned = new ArrayList<>();
        partitions.forEach(p -> assigned.add(new TopicPartition(p.topic(), p.partition())));
        reader.assign(assigned);
        final Map<TopicPartition, Long> ends = reader.endOffsets(assigned, timeout);
        final Map<TopicPartition, Long> starts = reader.beginningOffsets(assigned, timeout);
        final Map<TopicPartition, Long> lastOffsets = new HashMap<>();
        ends.forEach((partition, end) -> {
            final long start = starts.getOrDefault(partition, 0L);
            if (end != null && end > start) {
                reader.seek(partition, Math.max(start, end - WINDOW));
                lastOffsets.put(partition, end - 1);
            }
        });
        final KafkaTail tail = readUpTo(reader, lastOffsets, timeout);
        reader.unsubscribe();
        return tail;
    }

    /** Polls until each partition's last record came; the stamps of every record on the way. */
    private static KafkaTail readUpTo(final KafkaConsumer<byte[], byte[]> reader,
                                      final Map<TopicPartition, Long> lastOffsets, final Duration timeout) {
        KafkaPosition best = null;
        final Set<ResendStamp> stamps = new HashSet<>();
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!lastOffsets.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("reading the last records of " + lastOffsets.keySet()
                        + " took longer than " + timeout.toMillis() + " ms");
            }
            for (final ConsumerRecord<byte[], byte[]> record : reader.poll(Duration.ofMillis(100))) {
                final TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                final Long last = lastOffsets.get(partition);
                if (last == null) {
                    continue;
                }
                final ResendStamp stamp = ExportHeaders.stamp(record.headers());
                if (stamp != null) {
                    stamps.add(stamp);
                }
                if (record.offset() < last) {
                    continue;
                }
                lastOffsets.remove(partition);
                final OptionalLong sequence = ExportHeaders.sequence(record.headers());
                final String epoch = ExportHeaders.text(record.headers(), ExportHeaders.EPOCH);
                if (sequence.isPresent() && epoch != null
                        && (best == null || sequence.getAsLong() > best.sequence())) {
                    best = new KafkaPosition(epoch, sequence.getAsLong(), record.offset());
                }
            }
        }
        return new KafkaTail(Optional.ofNullable(best), Set.copyOf(stamps));
    }
}
