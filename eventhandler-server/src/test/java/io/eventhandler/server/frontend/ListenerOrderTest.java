package io.eventhandler.server.frontend;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ResourceInUseException;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.TestCloud;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A starting server accepts connections only once everything that serves requests is in place. Grizzly's
 * {@code HttpServer.start()} starts its listeners before it installs the HTTP handlers, so a request that came in
 * between was answered with Grizzly's HTML 404 (seen once by {@code EventPublisherFailoverTest} against a server
 * still starting).
 *
 * <p>Deterministic, without waiting: {@link NetworkListener#start()} logs "Started listener bound to [host:port]"
 * on the starting thread right after its transport starts accepting. A java.util.logging handler sends a request
 * from there, that is while start-up is held at the first moment a client can connect.
 */
class ListenerOrderTest {

    /** Held strongly: java.util.logging keeps loggers only weakly, and would drop the handler with it. */
    private static final Logger GRIZZLY_LISTENER = Logger.getLogger(NetworkListener.class.getName());
    private static final String STARTED = "Started listener bound to";

    @ParameterizedTest(name = "tls {0}")
    @ValueSource(booleans = {false, true})
    void theFirstRequestTheListenerCanAcceptIsServed(final boolean tls) {
        final Map<String, String> settings = new HashMap<>(tls
                ? TestCloud.get().serverSettings("eventhandler") : Map.of());
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        final SSLContext client = tls ? TestCloud.get().sslContext("subscriber") : null;
        final Thread starting = Thread.currentThread();
        final AtomicReference<Object> answer = new AtomicReference<>();
        final Handler probe = new Handler() {
            @Override
            public void publish(final LogRecord record) {
                // only this test's server: other tests may start theirs at the same time
                if (Thread.currentThread() != starting || record.getMessage() == null
                        || !record.getMessage().startsWith(STARTED) || answer.get() != null) {
                    return;
                }
                final String bound = String.valueOf(record.getParameters()[0]);
                final URI base = URI.create((tls ? "https" : "http") + "://127.0.0.1:"
                        + bound.substring(bound.lastIndexOf(':') + 1));
                try (RawHttp connection = RawHttp.connect(base, 0, client)) {
                    connection.send("GET", ECHO_PATH, null);
                    answer.set(connection.readResponse());
                } catch (final RuntimeException e) {
                    answer.set(e);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        final Level level = GRIZZLY_LISTENER.getLevel();
        GRIZZLY_LISTENER.setLevel(Level.INFO);
        GRIZZLY_LISTENER.addHandler(probe);
        try (EventHandlerServer ignored = EventHandlerServer.start(ServerConfiguration.fromMap(settings))) {
            assertNotNull(answer.get(), "Grizzly no longer logs \"" + STARTED + "\": this test needs another hook");
            if (!(answer.get() instanceof RawHttp.Response response)) {
                throw new AssertionError("the listener accepted but did not answer", (Throwable) answer.get());
            }
            assertEquals(200, response.status(), response::bodyText);
            assertEquals(EventHandlerApi.ECHO_RESPONSE, response.bodyText());
        } finally {
            GRIZZLY_LISTENER.removeHandler(probe);
            GRIZZLY_LISTENER.setLevel(level);
        }
    }

    /** The listener starts after the server, yet a port it cannot bind still fails the start, with the reason. */
    @Test
    void aPortTakenFailsTheStartWithTheBindError() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            final ServerConfiguration configuration = ServerConfiguration.fromMap(Map.of(
                    HttpConfiguration.PORT.key(), String.valueOf(taken.getLocalPort()),
                    HttpConfiguration.ADDRESS.key(), "127.0.0.1",
                    StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID()));
            final ResourceInUseException failure = assertThrows(ResourceInUseException.class,
                    () -> EventHandlerServer.start(configuration).close());
            assertInstanceOf(BindException.class, failure.getCause(), failure::toString);
        }
    }
}
