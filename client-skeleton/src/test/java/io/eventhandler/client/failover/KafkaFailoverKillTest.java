package io.eventhandler.client.failover;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.replication.ResendStamp;
import io.eventhandler.server.kafka.ExportHeaders;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.KafkaTopicReader;
import io.eventhandler.server.testing.PrometheusText;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kafka export across a take-over: a pair of Event Handler processes exporting the zero-loss topics of FRAME's
 * Table 3.2 (categories 0 and 2 by name, 5 as a CLOUD topic) to a real Kafka broker, the primary killed with SIGKILL
 * mid-stream, with the default replication: the export alone makes the backup keep its topics' copies. Kafka must
 * hold every event any publisher had acknowledged; the backup exported nothing while it stood by; a record held twice
 * has the same epoch and sequence headers as its first copy, so a consumer can drop it, and no publisher's resend to
 * the new primary reached Kafka again under a new number.
 */
@Tag("long")
class KafkaFailoverKillTest {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaFailoverKillTest.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration BEFORE_KILL = Duration.ofMillis(1_500);
    private static final Duration AFTER_KILL = Duration.ofMillis(1_500);

    @Test
    void killingThePrimaryLosesNoAcknowledgedEventOfAZeroLossTopicInKafka(@TempDir final Path dir)
            throws Exception {
        final KafkaTestBroker kafka = KafkaTestBroker.shared();
        // the default replication (Proposition 1) and buffer: the export alone makes the backup keep every event of
        // the exported topics until Kafka holds it (docs/kafka.md, "Primary and backup")
        final Map<String, String> settings = Map.of("eh.kafka.bootstrap.servers", kafka.bootstrapServers(),
                "eh.kafka.export.topics", "FRAME-CAT0,FRAME-CAT2", "eh.kafka.export.cloud", "true",
                "eh.kafka.export.prefix", "pair.", "eh.kafka.retry.ms", "200");
        try (ProcessPair pair = new ProcessPair(dir, settings)) {
            pair.start(0);
            pair.start(1);
            final Map<PaperCategory, CategoryStream> streams = FailoverTrial.startStreams(pair, Set.of());
            try {
                FailoverTrial.stream(BEFORE_KILL);
                final String backupMetrics = pair.get(1).get("/eventhandler/metrics").body();
                assertEquals(1.0, PrometheusText.parse(backupMetrics).value("eh_kafka_export_paused"),
                        () -> "the backup does not export while the primary serves: " + backupMetrics);
                final long killedAt = FailoverTrial.kill(pair, 0);
                FailoverTrial.awaitTakeOver(pair, 1);
                FailoverTrial.stream(AFTER_KILL);
                FailoverTrial.finish(streams, killedAt);
                try {
                    for (final CategoryStream stream : streams.values()) {
                        if (stream.category().lossTolerance != null && stream.category().lossTolerance == 0) {
                            assertEveryAcknowledgedEventInKafka(kafka, stream);
                        }
                    }
                } catch (final AssertionError e) {
                    LOG.error("the pair's logs:\n{}", pair.logs());
                    throw e;
                }
            } finally {
                streams.values().forEach(CategoryStream::close);
            }
        }
    }

    private static void assertEveryAcknowledgedEventInKafka(final KafkaTestBroker kafka, final CategoryStream stream) {
        final String topic = "pair." + stream.category().topic().toUpperCase(Locale.ROOT);
        final int published = stream.published();
        try {
            await(topic + " holds every acknowledged event").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> payloads(KafkaTopicReader.all(kafka.bootstrapServers(), topic)).cardinality()
                            >= published);
        } catch (final org.awaitility.core.ConditionTimeoutException e) {
            // the assertion below names what is missing
        }
        final List<ConsumerRecord<byte[], byte[]>> records = KafkaTopicReader.all(kafka.bootstrapServers(), topic);
        final BitSet held = payloads(records);
        final BitSet missing = new BitSet();
        missing.set(1, published + 1);
        missing.andNot(held);
        assertTrue(missing.isEmpty(), () -> topic + ": acknowledged events missing: " + missing + " of 1.."
                + published + "; records (payload:epoch-sequence): " + records.stream().map(r -> payload(r) + ":"
                + ExportHeaders.text(r.headers(), ExportHeaders.EPOCH) + "-"
                + ExportHeaders.text(r.headers(), ExportHeaders.SEQUENCE)).toList());
        // a record held twice is a copy under the same numbers (a batch in flight at the kill), never a publisher's
        // resend exported again under new ones: every publisher stamp has one epoch-sequence
        final Map<ResendStamp, Set<String>> numbersOf = new HashMap<>();
        int copies = 0;
        for (final ConsumerRecord<byte[], byte[]> record : records) {
            final ResendStamp stamp = ExportHeaders.stamp(record.headers());
            assertNotNull(stamp, () -> topic + ": a record without the publisher's stamps: " + payload(record));
            if (!numbersOf.computeIfAbsent(stamp, s -> new HashSet<>()).add(
                    ExportHeaders.text(record.headers(), ExportHeaders.EPOCH) + "-"
                    + ExportHeaders.text(record.headers(), ExportHeaders.SEQUENCE))) {
                copies++;
            }
        }
        final Map<ResendStamp, Set<String>> renumbered = new HashMap<>(numbersOf);
        renumbered.values().removeIf(numbers -> numbers.size() == 1);
        assertTrue(renumbered.isEmpty(), () -> topic + ": events in Kafka under two numbers: " + renumbered);
        LOG.info("{}: {} acknowledged, {} records in Kafka, {} of them copies with the numbers of an earlier one",
                topic, published, records.size(), copies);
    }

    private static String payload(final ConsumerRecord<byte[], byte[]> record) {
        try {
            return JSON.readTree(record.value()).get("payload").asText();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The publishers' numbers (the payloads) the records carry. */
    private static BitSet payloads(final List<ConsumerRecord<byte[], byte[]>> records) {
        final BitSet numbers = new BitSet();
        for (final ConsumerRecord<byte[], byte[]> record : records) {
            try {
                numbers.set(Integer.parseInt(JSON.readTree(record.value()).get("payload").asText()));
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return numbers;
    }
}
