package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The selector reader against an embedded Event Handler: it attaches, reads, and resumes after reconnecting. */
@Timeout(60)
class SseSelectorReaderTest {

    @Test
    void reconnectsEveryStreamWithLastEventIdAndMissesNothing() throws Exception {
        try (EmbeddedServer server = EmbeddedServer.start(Map.of());
             LeanPublisher publisher = new LeanPublisher(server.baseUri(), "readertest", 40_001)) {
            final List<List<String>> received = new ArrayList<>();
            final List<String> troubles = new CopyOnWriteArrayList<>();
            for (int s = 0; s < 3; s++) {
                received.add(new CopyOnWriteArrayList<>());
            }
            try (SseSelectorReader reader = new SseSelectorReader(server.baseUri(), "test",
                    new SseSelectorReader.Listener() {
                        @Override
                        public void onEvent(final int stream, final String payload, final String timeStamp,
                                            final long receivedMicros) {
                            received.get(stream).add(payload);
                        }

                        @Override
                        public void onTrouble(final int stream, final String what) {
                            troubles.add(stream + ": " + what);
                        }
                    }, 2)) {
                for (int s = 0; s < 3; s++) {
                    reader.open(s, "readertopic");
                }
                reader.start();
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> reader.attached() == 3);
                publish(publisher, 0, 5);
                Awaitility.await().atMost(Duration.ofSeconds(10))
                        .until(() -> received.stream().allMatch(r -> r.size() == 5));

                reader.reconnectAll(Duration.ofMillis(300));
                // published while the streams are down or coming back: the history has them
                publish(publisher, 5, 10);
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> reader.attached() == 3);
                publish(publisher, 10, 12);
                Awaitility.await().atMost(Duration.ofSeconds(10))
                        .until(() -> received.stream().allMatch(r -> r.size() >= 12));
            }
            final List<String> expected = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                expected.add("e" + i);
            }
            for (final List<String> r : received) {
                assertEquals(expected, r, "each stream gets each event once, in order");
            }
            assertEquals(List.of(), troubles);
        }
    }

    private static void publish(final LeanPublisher publisher, final int from, final int to) {
        for (int i = from; i < to; i++) {
            publisher.publish("readertopic", "e" + i, java.time.Instant.now().toString());
        }
    }
}
