package io.eventhandler.server.observability;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.outbox.FanOut;
import io.eventhandler.core.outbox.FanOutObserver;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A delivery worker killed by an {@link Error} (as an OutOfMemoryError would) turns {@code /health} and
 * {@code /ready} into 503 {@code DOWN}: the process still answers HTTP but no longer delivers everything, and a
 * supervisor must restart it. The error is injected through the in-process scheduler API (a fan-out that throws),
 * which no client can reach.
 */
class DeadWorkerHealthTest {

    /** A topic whose fan-out fails with an Error on the worker that runs it. */
    private record FailingFanOut(String name) implements FanOut {
        @Override
        public int dispatchUpTo(final long sequence, final FanOutObserver observer) {
            throw new StackOverflowError("injected into a delivery worker by the test");
        }
    }

    @Test
    void aDeadDeliveryWorkerTurnsHealthAndReadinessDown() {
        try (EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID())))) {
            final EhHttp http = new EhHttp(server.baseUri());
            assertEquals(200, http.get("/eventhandler/health").statusCode());
            assertEquals(200, http.get("/eventhandler/ready").statusCode());

            final EventDraft draft = new EventDraft("DOOMED", SystemRef.of("test", "127.0.0.1", 1), Map.of(), "x",
                    null, 0);
            server.delivery().scheduler().scheduler().schedule(new FailingFanOut("DOOMED"),
                    new Event("DOOMED", 1, draft, new byte[0], System.nanoTime()));

            // the worker's error is the fault under test, not a failure of the wait (Awaitility would rethrow it)
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
