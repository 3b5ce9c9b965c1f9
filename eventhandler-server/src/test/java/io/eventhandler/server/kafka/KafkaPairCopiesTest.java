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
import java.util.HashMap;
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
        // the export never ends with Kafka away: the stop does not wait for it
        try (InProcessPair pair = new InProcessPair(exporting("127.0.0.1:" + closedPort(),
                ShutdownConfiguration.GRACE_MS.key(), "0"), "http")) {
            final EhHttp primary = new EhHttp(pair.primary().baseUri());
            final EhHttp backup = new EhHttp(pair.backup().baseUri());
            publishToANewTopic(primary);
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
        try (InProcessPair pair = new InProcessPair(exporting(kafka.bootstrapServers(),
                KafkaConfiguration.EXPORT_PREFIX.key(), "copies."), "http")) {
            final EhHttp primary = new EhHttp(pair.primary().baseUri());
            final EhHttp backup = new EhHttp(pair.backup().baseUri());
            final String kept = publishToANewTopic(primary);
            final String kafkaTopic = "copies." + kept.toUpperCase(Locale.ROOT);
            eventually().pollInterval(Duration.ofMillis(200)).until(() ->
                    KafkaTopicReader.all(kafka.bootstrapServers(), kafkaTopic).size() == EVENTS);
            eventually().until(() -> metric(primary, "eh_kafka_export_backup_withheld") == 0
                    && metric(backup, "eh_replication_buffer_held") == 0);
        }
    }

    /** A pair's settings exporting the topics KEPT*, with {@code more} key-value pairs. */
    private static Map<String, String> exporting(final String bootstrapServers, final String... more) {
        final Map<String, String> settings = new HashMap<>(Map.of(KafkaConfiguration.BOOTSTRAP_SERVERS.key(),
                bootstrapServers, KafkaConfiguration.EXPORT_TOPICS.key(), "KEPT*", KafkaConfiguration.RETRY_MS.key(),
                "200", ReplicationConfiguration.BUFFER_PER_TOPIC.key(), "64"));
        for (int i = 0; i < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return settings;
    }

    /** Once the link to the backup is up, {@link #EVENTS} events to a topic the first of them creates; its name. */
    private static String publishToANewTopic(final EhHttp primary) {
        eventually().until(() -> metric(primary, "eh_replication_link_connected") == 1);
        final String kept = EhHttp.uniqueTopic("kept");
        for (int i = 1; i <= EVENTS; i++) {
            primary.publishOk(kept, "k" + i);
        }
        return kept;
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
