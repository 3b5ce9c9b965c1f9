package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.TestCloud;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.kafka.KafkaExportTest.metrics;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The import of an Event Handler in secure mode (TLS with client certificates of the test cloud, made by the
 * project's certificate code): it publishes to its own HTTPS publish endpoint with its own certificate, and the events
 * are accepted with the Event Handler's system as their source, as any publish of that system would be.
 */
@Tag("long")
class SecureKafkaImportTest {

    private static final TestCloud CLOUD = TestCloud.get();

    @Test
    void theImportPublishesOverMutualTlsAsTheEventHandlerItself() throws Exception {
        final KafkaTestBroker kafka = KafkaTestBroker.shared();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()), new StringSerializer(),
                new StringSerializer())) {
            for (int i = 1; i <= 10; i++) {
                producer.send(new ProducerRecord<>("secure-commands", "t" + i));
            }
        }
        final Map<String, String> settings = new HashMap<>(CLOUD.serverSettings("eventhandler"));
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        settings.put(KafkaConfiguration.BOOTSTRAP_SERVERS.key(), kafka.bootstrapServers());
        settings.put(KafkaConfiguration.IMPORT.key(), "secure-commands:SETPOINT");
        settings.put(KafkaConfiguration.GROUP_ID.key(), "secure-pair");
        settings.put(KafkaConfiguration.RETRY_MS.key(), "200");
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(settings))) {
            assertEquals("https", server.baseUri().getScheme());
            final EhHttp sysop = new EhHttp(server::baseUri, CLOUD.sslContext("sysop"));
            eventually().untilAsserted(() -> assertEquals(10.0,
                    metrics(sysop).value("eh_kafka_import_accepted_total")));
            assertEquals(0.0, metrics(sysop).value("eh_kafka_import_refused_total"));
            final JsonNode page = EhHttp.JSON.readTree(sysop.get(
                    "/eventhandler/mgmt/events?eventtype=SETPOINT&limit=100").body());
            final List<String> payloads = new ArrayList<>();
            page.get("events").forEach(e -> {
                payloads.add(e.get("payload").asText());
                assertEquals("eventhandler", e.get("source").get("systemName").asText(),
                        "published with the Event Handler's own certificate, as itself");
            });
            assertEquals(List.of("t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10"), payloads);
            final JsonNode status = EhHttp.JSON.readTree(sysop.get("/eventhandler/mgmt/kafka").body());
            assertTrue(status.get("imports").get("consuming").asBoolean(), status::toString);
        }
    }
}
