package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.KafkaTopicReader;
import io.eventhandler.server.testing.PrometheusText;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.kafka.KafkaExportTest.metrics;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The import against a real Kafka broker: records published in order as events of the configured type through the
 * publish endpoint (its rate limit answers 429 to part of them, which are read again, not lost); a record the
 * endpoint refuses for good skipped and counted; the group's committed offset never past what was answered.
 */
@Tag("long")
class KafkaImportTest {

    private static KafkaTestBroker kafka;

    @BeforeAll
    static void startKafka() {
        kafka = KafkaTestBroker.shared();
        KafkaExportTest.kafka = kafka;
    }

    @Test
    void importsInOrderCommittingOnlyWhatWasAccepted() throws Exception {
        final List<String> values = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            values.add(i == 15 ? "" : "c" + i); // a blank payload is refused by the publish validation
        }
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()), new StringSerializer(),
                new StringSerializer())) {
            for (final String value : values) {
                producer.send(new ProducerRecord<>("commands", value));
            }
        }
        try (EventHandlerServer server = KafkaExportTest.start("import.", KafkaConfiguration.EXPORT_TOPICS.key(), "",
                KafkaConfiguration.IMPORT.key(), "commands:SETPOINT", KafkaConfiguration.GROUP_ID.key(), "pair-1",
                LimitsConfiguration.PUBLISH_RATE_LIMIT.key(), "10");
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                     kafka.bootstrapServers()))) {
            final EhHttp http = new EhHttp(server.baseUri());
            eventually().untilAsserted(() -> {
                // read the commit first: whatever it is, the publishes it covers were answered before it
                final OffsetAndMetadata commit = admin.listConsumerGroupOffsets("pair-1")
                        .partitionsToOffsetAndMetadata().get().get(new TopicPartition("commands", 0));
                final PrometheusText now = metrics(http);
                final double answered = now.value("eh_kafka_import_accepted_total")
                        + now.value("eh_kafka_import_refused_total");
                assertTrue(commit == null || commit.offset() <= answered, () -> "committed " + commit.offset()
                        + " past the " + answered + " records answered");
                assertEquals(29.0, now.value("eh_kafka_import_accepted_total"));
            });
            final JsonNode page = EhHttp.JSON.readTree(http.get(
                    "/eventhandler/mgmt/events?eventtype=SETPOINT&limit=100").body());
            final List<String> payloads = new ArrayList<>();
            page.get("events").forEach(e -> payloads.add(e.get("payload").asText()));
            final List<String> expected = new ArrayList<>(values);
            expected.remove("");
            assertEquals(expected, payloads, "every record once, in order");
            assertEquals(1.0, metrics(http).value("eh_kafka_import_refused_total"));
            assertTrue(metrics(http).value("eh_kafka_import_retried_total") > 0,
                    "the rate limit answered 429 to some, which were read again");
            eventually().untilAsserted(() -> {
                final Map<TopicPartition, OffsetAndMetadata> committed = admin
                        .listConsumerGroupOffsets("pair-1").partitionsToOffsetAndMetadata().get();
                assertEquals(30, committed.get(new TopicPartition("commands", 0)).offset());
            });
        }
    }
}
