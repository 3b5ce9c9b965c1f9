package io.eventhandler.benchmarks.load;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.ServerConfiguration;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** An Event Handler in this JVM, on a free loopback port unless configured otherwise. */
public final class EmbeddedServer implements AutoCloseable {

    private final EventHandlerServer server;

    private EmbeddedServer(final EventHandlerServer server) {
        this.server = server;
    }

    /**
     * Starts a server.
     *
     * @param config server settings over the defaults (keys of {@link ServerConfiguration}); {@code server.port}
     *               defaults to 0 (any free port), the subscription store to a fresh in-memory one
     * @return the running server
     */
    public static EmbeddedServer start(final Map<String, String> config) {
        final Map<String, String> values = new LinkedHashMap<>(config);
        values.putIfAbsent(ServerConfiguration.PORT, "0");
        // a measurement leaves no subscription files behind
        values.putIfAbsent(ServerConfiguration.STORE_URL, "jdbc:h2:mem:eh-embedded-" + System.nanoTime());
        return new EmbeddedServer(EventHandlerServer.start(ServerConfiguration.fromMap(values)));
    }

    /** Where it listens, e.g. {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return server.baseUri();
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        server.close();
    }
}
