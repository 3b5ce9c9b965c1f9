package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.KafkaTopicReader;
import io.eventhandler.server.testing.PrometheusText;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The export against a real single-node Kafka broker (KRaft, in this JVM): records in order with their headers and the
 * subscribers' JSON, only of the topics chosen, counted in the metrics. Restarts and Kafka outages are
 * {@link KafkaResumeTest} (long).
 */
class KafkaExportTest {

    static KafkaTestBroker kafka;

    @BeforeAll
    static void startKafka() {
        kafka = KafkaTestBroker.shared();
    }

    static EventHandlerServer start(final String prefix, final String... more) {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(KafkaConfiguration.BOOTSTRAP_SERVERS.key(), kafka.bootstrapServers());
        settings.put(KafkaConfiguration.EXPORT_TOPICS.key(), "EXPORTED*");
        settings.put(KafkaConfiguration.EXPORT_PREFIX.key(), prefix);
        settings.put(KafkaConfiguration.RETRY_MS.key(), "200");
        for (int i = 0; i < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return EventHandlerServer.start(ServerConfiguration.fromMap(settings));
    }

    static List<ConsumerRecord<byte[], byte[]>> awaitRecords(final String kafkaTopic, final int count) {
        eventually().pollInterval(Duration.ofMillis(200))
                .until(() -> KafkaTopicReader.all(kafka.bootstrapServers(), kafkaTopic).size() >= count);
        return KafkaTopicReader.all(kafka.bootstrapServers(), kafkaTopic);
    }

    static List<Long> oneTo(final long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    @Test
    void exportsEveryEventInOrderWithItsHeadersAndTheSubscribersJson() throws Exception {
        try (EventHandlerServer server = start("order.")) {
            final EhHttp http = new EhHttp(server.baseUri());
            for (int i = 1; i <= 40; i++) {
                http.publishOk("EXPORTED_A", "a" + i);
                if (i % 3 == 0) {
                    http.publishOk("LOCAL_ONLY", "b" + i);
                }
            }
            final List<ConsumerRecord<byte[], byte[]>> records = awaitRecords("order.EXPORTED_A", 40);
            assertEquals(oneTo(40), KafkaTopicReader.sequences(records));
            final ConsumerRecord<byte[], byte[]> first = records.get(0);
            assertEquals("EXPORTED_A", new String(first.key(), StandardCharsets.UTF_8));
            final JsonNode dto = EhHttp.JSON.readTree(first.value());
            assertEquals("EXPORTED_A", dto.get("eventType").asText());
            assertEquals("a1", dto.get("payload").asText());
            assertEquals(server.broker().numbering().token(), ExportHeaders.text(first.headers(), ExportHeaders.EPOCH));
            assertEquals(EhHttp.PUBLISHER.systemName(), ExportHeaders.text(first.headers(), ExportHeaders.SOURCE));
            assertEquals(dto.get("timeStamp").asText(), ExportHeaders.text(first.headers(), ExportHeaders.TIMESTAMP));
            assertTrue(KafkaTopicReader.all(kafka.bootstrapServers(), "order.LOCAL_ONLY").isEmpty(),
                    "a topic not chosen is not exported");
            eventually().untilAsserted(() -> {
                final PrometheusText metrics = metrics(http);
                assertEquals(40.0, metrics.value("eh_kafka_export_records_total"));
                assertEquals(0.0, metrics.value("eh_kafka_export_lag"));
            });
            final JsonNode status = EhHttp.JSON.readTree(http.get("/eventhandler/mgmt/kafka").body());
            assertTrue(status.get("reachable").asBoolean());
            final JsonNode topic = status.get("export").get(0);
            assertEquals("order.EXPORTED_A", topic.get("kafkaTopic").asText());
            assertEquals(40, topic.get("exported").asLong(), "the last sequence Kafka holds");
            assertEquals(39, topic.get("lastOffset").asLong());
            assertEquals(0, topic.get("lag").asLong());
        }
    }

    static PrometheusText metrics(final EhHttp http) {
        return PrometheusText.parse(http.get(EventHandlerApi.BASE_PATH + "/metrics").body());
    }
}
