package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.KafkaTopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.kafka.KafkaExportTest.awaitRecords;
import static io.eventhandler.server.kafka.KafkaExportTest.metrics;
import static io.eventhandler.server.kafka.KafkaExportTest.oneTo;
import static io.eventhandler.server.kafka.KafkaExportTest.start;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The export's resume against a real Kafka broker: a restart on a durable history resumes from what Kafka holds
 * (nothing missing, nothing twice, and what a run without the bridge accepted is exported from the history); Kafka
 * stopped and started again while the Event Handler keeps accepting, nothing lost. Several server starts and a broker
 * restart: with the long tests.
 */
@Tag("long")
class KafkaResumeTest {

    private static KafkaTestBroker kafka;

    @BeforeAll
    static void startKafka() {
        kafka = KafkaTestBroker.shared();
        KafkaExportTest.kafka = kafka;
    }

    @Test
    void aRestartOnADurableHistoryResumesFromWhatKafkaHolds(@TempDir final Path dir) {
        final String[] durable = {HistoryConfiguration.MODE.key(), "DURABLE",
                HistoryConfiguration.DIR.key(), dir.toString(), HistoryConfiguration.SYNC.key(), "true"};
        // the first run has no bridge: its events reach Kafka only from the history the next run reloads
        final Map<String, String> plain = new HashMap<>(Map.of(HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID()));
        for (int i = 0; i < durable.length; i += 2) {
            plain.put(durable[i], durable[i + 1]);
        }
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(plain))) {
            publish(server, 1, 30);
        }
        try (EventHandlerServer server = start("restart.", durable)) {
            assertEquals(oneTo(30), KafkaTopicReader.sequences(awaitRecords("restart.EXPORTED_R", 30)));
            publish(server, 31, 60);
            assertEquals(oneTo(60), KafkaTopicReader.sequences(awaitRecords("restart.EXPORTED_R", 60)));
        }
        try (EventHandlerServer server = start("restart.", durable)) {
            publish(server, 61, 80);
            final List<ConsumerRecord<byte[], byte[]>> records = awaitRecords("restart.EXPORTED_R", 80);
            assertEquals(oneTo(80), KafkaTopicReader.sequences(records), "nothing missing, nothing twice");
            final JsonNode last = read(records.get(79));
            assertEquals("r80", last.get("payload").asText());
        }
    }

    private static JsonNode read(final ConsumerRecord<byte[], byte[]> record) {
        try {
            return EhHttp.JSON.readTree(record.value());
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void publish(final EventHandlerServer server, final int from, final int to) {
        final EhHttp http = new EhHttp(server.baseUri());
        for (int i = from; i <= to; i++) {
            http.publishOk("EXPORTED_R", "r" + i);
        }
    }

    @Test
    void kafkaDownAndBackLosesNothingAndTheEventHandlerServesMeanwhile() {
        // client properties passed through: a record Kafka does not take gives up after 3 s, not the default 30
        try (EventHandlerServer server = start("down.", "eh.kafka.property.delivery.timeout.ms", "3000",
                "eh.kafka.property.request.timeout.ms", "1000")) {
            final EhHttp http = new EhHttp(server.baseUri());
            for (int i = 1; i <= 10; i++) {
                http.publishOk("EXPORTED_D", "d" + i);
            }
            awaitRecords("down.EXPORTED_D", 10);
            kafka.stop();
            try {
                for (int i = 11; i <= 40; i++) {
                    http.publishOk("EXPORTED_D", "d" + i);
                }
                eventually().until(() -> metrics(http).value("eh_kafka_reachable") == 0.0);
            } finally {
                kafka.startAgain();
            }
            final List<ConsumerRecord<byte[], byte[]>> records = awaitRecords("down.EXPORTED_D", 40);
            assertEquals(oneTo(40), KafkaTopicReader.sequences(records));
        }
    }

    @Test
    void anUnreachableKafkaAtStartIsLoggedAndTheEventHandlerServesLocally() throws Exception {
        final int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        final Map<String, String> settings = new HashMap<>(Map.of(HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID(),
                io.eventhandler.server.config.KafkaConfiguration.BOOTSTRAP_SERVERS.key(), "127.0.0.1:" + closed,
                io.eventhandler.server.config.KafkaConfiguration.EXPORT_TOPICS.key(), "EXPORTED_U",
                io.eventhandler.server.config.KafkaConfiguration.RETRY_MS.key(), "200"));
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(settings))) {
            final EhHttp http = new EhHttp(server.baseUri());
            http.publishOk("EXPORTED_U", "u1");
            eventually().until(() -> metrics(http).value("eh_kafka_reachable") == 0.0
                    && metrics(http).value("eh_kafka_errors_total") > 0);
            assertEquals(200, http.get("/eventhandler/mgmt/events?eventtype=EXPORTED_U").statusCode());
        }
    }
}
