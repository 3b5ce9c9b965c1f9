package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.awaitility.Awaitility.await;

import io.eventhandler.api.SystemRequestDTO;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lean publisher against a real Event Handler: accepted events, refused ones with the server's reason. */
@Timeout(60)
class RawPublishChannelTest {

    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = EmbeddedServer.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void publishesEventsThatAStreamReceivesAndReportsARefusalWithTheServersReason() {
        final SubscriberProbe probe = new SubscriberProbe("lean", 1, 0);
        try (RawSseStream stream = new RawSseStream(Transport.PLAIN, server.baseUri(), "raw_topic", probe).start();
             RawPublishChannel channel = new RawPublishChannel(Transport.PLAIN, server.baseUri(),
                     SystemRequestDTO.of("rawpublisher", "127.0.0.1", 1234))) {
            await().atMost(Duration.ofSeconds(10)).until(stream::isConnected);
            final PayloadCodec codec = new PayloadCodec(64);
            for (int i = 0; i < 500; i++) {
                channel.publish("raw_topic", codec.encode(0, i, EpochMicros.now()),
                        Instant.now().toString());
            }
            final IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> channel.publish("raw_topic", "", Instant.now().toString()));
            assertTrue(refused.getMessage().contains("HTTP 400"), refused.getMessage());
            assertTrue(refused.getMessage().contains("errorMessage"), refused.getMessage());
            channel.publish("raw_topic", codec.encode(0, 500, EpochMicros.now()),
                    Instant.now().toString());
            // the refusal closed the connection (Grizzly does after a 400): the next event goes over a new one
            await().atMost(Duration.ofSeconds(10)).until(() -> probe.measuredUnique() == 501);
            // what a run prints when deliveries are missing: the server's own count for the stream, which counts a
            // write once it has completed, a moment after the client may have read it
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                final List<String> view = server.view().describe(List.of("raw_topic"));
                assertEquals(2, view.size(), view.toString());
                assertTrue(view.get(0).contains(" queued 501, delivered 501, dropped 0"), view.get(0));
                assertTrue(view.get(0).endsWith("closed null"), view.get(0));
                assertTrue(view.get(1).startsWith("delivery queue: "), view.get(1));
            });
            assertTrue(server.view().describe(List.of("other_topic")).get(0).startsWith("delivery queue: "));
        }
        assertEquals(0, probe.result(List.of(), 0).unparseable());
    }

    @Test
    void publishesABatchInOneRequestAndReportsARefusedBatch() {
        final SubscriberProbe probe = new SubscriberProbe("lean", 1, 0);
        try (RawSseStream stream = new RawSseStream(Transport.PLAIN, server.baseUri(), "raw_batch", probe).start();
             LeanPublisher publisher = new LeanPublisher(server.baseUri(), "rawbatcher", 1235)) {
            await().atMost(Duration.ofSeconds(10)).until(stream::isConnected);
            final PayloadCodec codec = new PayloadCodec(64);
            for (int k = 0; k < 10; k++) {
                final List<BatchEvent> batch = new java.util.ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    batch.add(new BatchEvent("raw_batch", codec.encode(0, k * 20 + i, EpochMicros.now()),
                            Instant.now().toString()));
                }
                publisher.publishBatch(batch);
            }
            final IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> publisher.publishBatch(List.of(new BatchEvent("raw_batch", "", Instant.now().toString()))));
            assertTrue(refused.getMessage().contains("HTTP 400"), refused.getMessage());
            assertTrue(refused.getMessage().contains("Event at index 0 of the batch"), refused.getMessage());
            await().atMost(Duration.ofSeconds(10)).until(() -> probe.measuredUnique() == 200);
        }
        assertEquals(0, probe.result(List.of(), 0).unparseable());
    }
}
