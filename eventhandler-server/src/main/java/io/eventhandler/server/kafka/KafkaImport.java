package io.eventhandler.server.kafka;

import io.eventhandler.server.runtime.Loop;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * The import loop ({@code eh-kafka-import}): consumes the configured Kafka topics in the pair's consumer group and
 * publishes each record as an event of the topic's configured type. A partition's offset is committed only past
 * records the Event Handler answered (accepted, or refused for good: counted and logged); a record not accepted now
 * is read again. While this instance does not serve, it holds no consumer, so the group's partitions are its peer's.
 */
final class KafkaImport implements Loop {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaImport.class);

    private final Map<String, String> eventTypes;
    private final KafkaClients clients;
    private final Reachability reachability;
    private final BooleanSupplier serving;
    private final LoopbackPublisher publisher;
    private final String source;
    private final long retryMillis;
    private final LongAdder accepted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder retried = new LongAdder();
    private volatile long lastOffset = -1;
    private volatile long lag = -1;
    private KafkaConsumer<byte[], byte[]> consumer;

    KafkaImport(final KafkaBridge.Settings settings, final Reachability reachability, final BooleanSupplier serving,
                final LoopbackPublisher publisher, final String source) {
        this.eventTypes = settings.configuration().importTopics();
        this.clients = settings.clients();
        this.retryMillis = settings.configuration().retryMillis();
        this.reachability = reachability;
        this.serving = serving;
        this.publisher = publisher;
        this.source = source;
    }

    @Override
    public void round() throws InterruptedException {
        if (!serving.getAsBoolean()) {
            closeConsumer();
            TimeUnit.MILLISECONDS.sleep(100);
            return;
        }
        try {
            if (consumer == null) {
                consumer = clients.importer();
                consumer.listTopics(Duration.ofMillis(Math.max(1000, retryMillis)));
                consumer.subscribe(List.copyOf(eventTypes.keySet()));
                reachability.answered();
            }
            final ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
            for (final TopicPartition partition : records.partitions()) {
                publish(partition, records.records(partition));
            }
            measureLag();
        } catch (final InterruptException e) {
            // the loop is stopping (the client turns the interrupt into its own exception): not a Kafka failure; the
            // interrupt is cleared so that the consumer can leave its group before the loop ends
            Thread.interrupted();
            closeConsumer();
            throw new InterruptedException("Kafka import stopped");
        } catch (final KafkaException e) {
            reachability.failed("Kafka import", e);
            closeConsumer();
            TimeUnit.MILLISECONDS.sleep(retryMillis);
        }
    }

    /** Publishes the partition's records in order, commits past those answered, re-reads the first not accepted. */
    private void publish(final TopicPartition partition, final List<ConsumerRecord<byte[], byte[]>> records)
            throws InterruptedException {
        long next = -1;
        for (final ConsumerRecord<byte[], byte[]> record : records) {
            final LoopbackPublisher.Outcome outcome = publisher.publish(eventTypes.get(record.topic()), source,
                    payload(record), Map.of("kafkaTopic", record.topic(),
                            "kafkaPartition", Integer.toString(record.partition()),
                            "kafkaOffset", Long.toString(record.offset())));
            if (outcome == LoopbackPublisher.Outcome.LATER) {
                retried.increment();
                consumer.seek(partition, record.offset());
                commit(partition, next);
                TimeUnit.MILLISECONDS.sleep(Math.min(retryMillis, 200));
                return;
            }
            if (outcome == LoopbackPublisher.Outcome.ACCEPTED) {
                accepted.increment();
            } else {
                refused.increment();
                LOG.warn("Kafka import: the record at offset {} of {} was refused ({}); it is skipped",
                        record.offset(), partition, publisher.lastRefusal());
            }
            next = record.offset() + 1;
        }
        commit(partition, next);
    }

    private void commit(final TopicPartition partition, final long next) {
        if (next >= 0) {
            consumer.commitSync(Map.of(partition, new OffsetAndMetadata(next)));
            lastOffset = next - 1;
        }
    }

    private static String payload(final ConsumerRecord<byte[], byte[]> record) {
        return record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8);
    }

    private void measureLag() {
        long total = 0;
        for (final TopicPartition partition : consumer.assignment()) {
            total += consumer.currentLag(partition).orElse(0);
        }
        lag = total;
    }

    private void closeConsumer() {
        if (consumer != null) {
            try {
                consumer.close(Duration.ofSeconds(1));
            } catch (final KafkaException e) {
                LOG.debug("Kafka import: closing the consumer failed", e);
            }
            consumer = null;
            lag = -1;
        }
    }

    ImportStatus status() {
        return new ImportStatus(new ArrayList<>(eventTypes.keySet()), consumer != null, accepted.sum(), refused.sum(),
                retried.sum(), lastOffset, lag);
    }

    @Override
    public void finish() {
        closeConsumer();
    }
}
