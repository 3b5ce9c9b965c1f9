package io.eventhandler.server.observability;

import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Not only delivery workers are watched: the durable history's writer thread killed by an {@link Error} (as an
 * OutOfMemoryError would) turns {@code /health} and {@code /ready} into 503 {@code DOWN}, where before the process
 * went on answering 200 while nothing was written any more. The error is injected through the in-process broker
 * API (metadata that fails only when the writer reads it), which no client can reach. The same watch covers every
 * thread the server's runner makes (replication link, failover monitor, webhook and timer threads) and the engine's
 * workers ({@code RunnerTest}, {@code EngineDeadWorkerTest}).
 */
class DeadThreadHealthTest {

    /** Metadata whose entries cannot be read on the history writer's thread. */
    private static final class PoisonForTheWriter extends AbstractMap<String, String> {
        @Override
        public Set<Entry<String, String>> entrySet() {
            if (Thread.currentThread().getName().startsWith("eh-history-writer")) {
                throw new StackOverflowError("injected into the history writer by the test");
            }
            return Map.of("k", "v").entrySet();
        }
    }

    @Test
    void aDeadHistoryWriterTurnsHealthAndReadinessDown(@TempDir final Path dir) {
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                HistoryConfiguration.MODE.key(), "DURABLE",
                HistoryConfiguration.DIR.key(), dir.toString(),
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID())))) {
            final EhHttp http = new EhHttp(server.baseUri());
            assertEquals(200, http.get("/eventhandler/health").statusCode());

            server.broker().accept(new EventDraft("DOOMED", SystemRef.of("test", "127.0.0.1", 1),
                    new PoisonForTheWriter(), "x", null, 0));

            eventually().dontCatchUncaughtExceptions()
                    .until(() -> http.get("/eventhandler/health").statusCode() == 503);
            final HttpResponse<String> health = http.get("/eventhandler/health");
            assertTrue(health.body().contains("\"DOWN\""), health::body);
            final HttpResponse<String> ready = http.get("/eventhandler/ready");
            assertEquals(503, ready.statusCode());
            assertTrue(ready.body().contains("\"DOWN\""), ready::body);
        }
    }
}
