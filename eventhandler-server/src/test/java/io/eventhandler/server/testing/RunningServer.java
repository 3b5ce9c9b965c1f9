package io.eventhandler.server.testing;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One real Event Handler per test class, on a free loopback port: register it as a static
 * {@code @RegisterExtension} field; it starts before the class's {@code @BeforeAll} methods and stops after its
 * {@code @AfterAll} methods. {@link #http()} is usable as soon as the server runs.
 */
public final class RunningServer implements BeforeAllCallback, AfterAllCallback {

    private final Map<String, String> settings;
    private final EhHttp http = new EhHttp(this::baseUri);
    private EventHandlerServer server;

    private RunningServer(final Map<String, String> settings) {
        this.settings = settings;
    }

    /** A server with these settings over the defaults. */
    public static RunningServer with(final Map<String, String> settings) {
        return new RunningServer(settings);
    }

    @Override
    public void beforeAll(final ExtensionContext context) {
        final Map<String, String> all = new HashMap<>(settings);
        all.putIfAbsent(HttpConfiguration.PORT.key(), "0");
        all.putIfAbsent(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        // each test server its own in-memory store, unless the test is about durable storage
        all.putIfAbsent(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        server = EventHandlerServer.start(ServerConfiguration.fromMap(all));
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        server.close();
    }

    /** Where it listens. */
    public URI baseUri() {
        return server.baseUri();
    }

    /** Its effective configuration. */
    public ServerConfiguration configuration() {
        return server.configuration();
    }

    /** A client of its HTTP API. */
    public EhHttp http() {
        return http;
    }
}
