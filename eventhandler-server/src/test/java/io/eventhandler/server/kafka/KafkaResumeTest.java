package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.replication.ResendStamp;
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
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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

    /**
     * A publisher that did not get its answers (the Event Handler restarted, or its backup took over) sends its
     * retained events again; the new run accepts them as new events under new numbers (its subscribers may have missed
     * them), but Kafka holds them already under their first numbers: the export recognises them by the publisher's
     * stamps and does not produce them again. An event Kafka lacks is exported, stamps and all.
     */
    @Test
    void aPublishersResendOfAnEventKafkaHoldsIsNotExportedAgainUnderANewNumber() {
        final String firstEpoch;
        try (EventHandlerServer server = start("resend.")) {
            firstEpoch = server.broker().numbering().token();
            final EhHttp http = new EhHttp(server.baseUri());
            for (int i = 1; i <= 5; i++) {
                http.publishOk(stamped("EXPORTED_S", i));
            }
            final List<ConsumerRecord<byte[], byte[]>> records = awaitRecords("resend.EXPORTED_S", 5);
            assertEquals(new ResendStamp("publisher-a", 5), ExportHeaders.stamp(records.get(4).headers()));
        }
        try (EventHandlerServer server = start("resend.")) {
            final EhHttp http = new EhHttp(server.baseUri());
            http.publishOk(stamped("EXPORTED_S", 4));
            http.publishOk(stamped("EXPORTED_S", 5));
            http.publishOk(stamped("EXPORTED_S", 6));
            // in order: once the sixth is in Kafka, the export has decided about the two resends before it
            eventually().pollInterval(java.time.Duration.ofMillis(200)).until(() -> KafkaTopicReader.all(
                    kafka.bootstrapServers(), "resend.EXPORTED_S").stream().anyMatch(r -> new ResendStamp(
                    "publisher-a", 6).equals(ExportHeaders.stamp(r.headers()))));
            final List<ConsumerRecord<byte[], byte[]>> records = KafkaTopicReader.all(kafka.bootstrapServers(),
                    "resend.EXPORTED_S");
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), records.stream()
                    .map(r -> ExportHeaders.stamp(r.headers()).originSequence()).toList(), "nothing twice");
            final ConsumerRecord<byte[], byte[]> sixth = records.get(5);
            assertEquals(3L, ExportHeaders.sequence(sixth.headers()).getAsLong(), "the new run's third event");
            assertNotEquals(firstEpoch, ExportHeaders.text(sixth.headers(), ExportHeaders.EPOCH));
            assertEquals(2.0, metrics(http).value("eh_kafka_export_resends_total"));
            assertEquals(1.0, metrics(http).value("eh_kafka_export_records_total"));
            assertEquals(3, http.statistics().topics().stream().filter(t -> t.topic().equals("EXPORTED_S"))
                    .findFirst().orElseThrow().accepted(), "the resends are new events here: subscribers get them");
        }
    }

    private static EventPublishRequestDTO stamped(final String eventType, final int originSequence) {
        return new EventPublishRequestDTO(eventType, EhHttp.PUBLISHER, Map.of(EventHandlerApi.ORIGIN_META,
                "publisher-a", EventHandlerApi.ORIGIN_SEQUENCE_META, Integer.toString(originSequence)),
                "s" + originSequence, null);
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
