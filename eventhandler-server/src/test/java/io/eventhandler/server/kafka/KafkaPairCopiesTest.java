package io.eventhandler.server.kafka;

import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.config.ShutdownConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.InProcessPair;
import io.eventhandler.server.testing.KafkaTestBroker;
import io.eventhandler.server.testing.KafkaTopicReader;
import io.eventhandler.server.testing.PrometheusText;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pair that exports: the backup keeps its copy of every event of an exported topic until Kafka holds the event,
 * whatever the export's state when the event was dispatched. The events here are published to a topic the moment it
 * is created and has no subscriber, so each is dispatched at once, before the export has seen the topic.
 */
class KafkaPairCopiesTest {

    private static final int EVENTS = 12;

    private static double metric(final EhHttp http, final String name) {
        return PrometheusText.parse(http.get("/eventhandler/metrics").body()).value(name);
    }

    @Test
    void withKafkaUnreachableTheBackupKeepsEveryCopyOfAnExportedTopic() {
        final Map<String, String> settings = Map.of(KafkaConfiguration.BOOTSTRAP_SERVERS.key(),
                "127.0.0.1:" + closedPort(), KafkaConfiguration.EXPORT_TOPICS.key(), "KEPT*",
                KafkaConfiguration.RETRY_MS.key(), "200", ReplicationConfiguration.BUFFER_PER_TOPIC.key(), "64",
                // the export never ends with Kafka away: the stop does not wait for it
                ShutdownConfiguration.GRACE_MS.key(), "0");
        try (InProcessPair pair = new InProcessPair(settings, "http")) {
            final EhHttp primary = new EhHttp(pair.primary().baseUri());
            final EhHttp backup = new EhHttp(pair.backup().baseUri());
            eventually().until(() -> metric(primary, "eh_replication_link_connected") == 1);
            final String kept = EhHttp.uniqueTopic("kept");
            for (int i = 1; i <= EVENTS; i++) {
                primary.publishOk(kept, "k" + i);
            }
            eventually().untilAsserted(() -> assertEquals(EVENTS, metric(backup, "eh_replication_buffer_held"),
                    "copies the backup holds"));
            // those dispatched before the export attached wait with their discard request (eh_kafka_export_backup_
            // withheld), the later ones in the export's first batch: either way the backup keeps the copy
            assertEquals(0, metric(primary, "eh_kafka_export_backup_dropped_total"));
        }
    }

    @Test
    void theBackupDropsItsCopiesOnceKafkaHoldsTheEvents() {
        final KafkaTestBroker kafka = KafkaTestBroker.shared();
        final Map<String, String> settings = Map.of(KafkaConfiguration.BOOTSTRAP_SERVERS.key(),
                kafka.bootstrapServers(), KafkaConfiguration.EXPORT_TOPICS.key(), "KEPT*",
                KafkaConfiguration.EXPORT_PREFIX.key(), "copies.", KafkaConfiguration.RETRY_MS.key(), "200",
                ReplicationConfiguration.BUFFER_PER_TOPIC.key(), "64");
        try (InProcessPair pair = new InProcessPair(settings, "http")) {
            final EhHttp primary = new EhHttp(pair.primary().baseUri());
            final EhHttp backup = new EhHttp(pair.backup().baseUri());
            eventually().until(() -> metric(primary, "eh_replication_link_connected") == 1);
            final String kept = EhHttp.uniqueTopic("kept");
            for (int i = 1; i <= EVENTS; i++) {
                primary.publishOk(kept, "k" + i);
            }
            final String kafkaTopic = "copies." + kept.toUpperCase(Locale.ROOT);
            eventually().pollInterval(Duration.ofMillis(200)).until(() ->
                    KafkaTopicReader.all(kafka.bootstrapServers(), kafkaTopic).size() == EVENTS);
            eventually().until(() -> metric(primary, "eh_kafka_export_backup_withheld") == 0
                    && metric(backup, "eh_replication_buffer_held") == 0);
        }
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
