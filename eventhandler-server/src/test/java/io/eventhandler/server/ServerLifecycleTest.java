package io.eventhandler.server;

import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ResourceInUseException;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One lifecycle starts the server's parts and stops them: every thread a server started ends when it closes, and a
 * start that fails (here: the port is taken) stops what it had started already instead of leaving it running.
 */
class ServerLifecycleTest {

    private static Map<String, String> settings(final int port) {
        return Map.of(HttpConfiguration.PORT.key(), Integer.toString(port), HttpConfiguration.ADDRESS.key(),
                "127.0.0.1", StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
    }

    /** The server's own threads alive now (Grizzly's workers and selectors are Grizzly's to end). */
    private static Set<Thread> serverThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("eh-") && !t.getName().startsWith("eh-worker"))
                .collect(Collectors.toSet());
    }

    private static List<String> startedSince(final Set<Thread> before) {
        return serverThreads().stream().filter(t -> !before.contains(t)).map(Thread::getName).sorted().toList();
    }

    @Test
    void closingAServerEndsEveryThreadItStarted() {
        final Set<Thread> before = serverThreads();
        final EventHandlerServer server = EventHandlerServer.start(ServerConfiguration.fromMap(settings(0)));
        final EhHttp http = new EhHttp(server::baseUri);
        assertEquals(200, http.publish(EhHttp.event("lifecycle", "p")).statusCode());
        final List<String> running = startedSince(before);
        assertTrue(running.contains("eh-subscriptions") && running.contains("eh-sse-heartbeat"), running::toString);
        server.close();
        await().untilAsserted(() -> assertEquals(List.of(), startedSince(before)));
    }

    @Test
    void aStartThatCannotListenStopsWhatItStarted() throws IOException {
        final Set<Thread> before = serverThreads();
        try (ServerSocket taken = new ServerSocket(0)) {
            final ResourceInUseException e = assertThrows(ResourceInUseException.class,
                    () -> EventHandlerServer.start(ServerConfiguration.fromMap(settings(taken.getLocalPort()))));
            assertTrue(e.getMessage().startsWith("Port " + taken.getLocalPort() + " on 127.0.0.1 is already in use"),
                    e::getMessage);
            assertTrue(e.getCause() instanceof SocketException, e::toString);
        }
        await().untilAsserted(() -> assertEquals(List.of(), startedSince(before)));
        assertFalse(serverThreads().stream().anyMatch(t -> !before.contains(t)));
    }
}
