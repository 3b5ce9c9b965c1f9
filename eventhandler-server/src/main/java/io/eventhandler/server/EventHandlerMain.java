package io.eventhandler.server;

import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.ServerConfiguration;
import org.slf4j.Logger;
import org.slf4j.bridge.SLF4JBridgeHandler;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the Event Handler in standalone mode. Reads {@code eventhandler.properties} from the working directory (or
 * the file given with {@code --config FILE}) and the environment; {@code --check-config} validates, prints the
 * effective configuration and exits.
 */
public final class EventHandlerMain {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerMain.class);

    private EventHandlerMain() {
    }

    public static void main(final String[] args) throws InterruptedException {
        // Grizzly and Jersey log through java.util.logging: route it to the same SLF4J output as ours.
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        Path file = Path.of(ServerConfiguration.DEFAULT_FILE);
        boolean checkOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--config" -> file = Path.of(args[++i]);
                case "--check-config" -> checkOnly = true;
                default -> {
                    LOG.error("unknown argument {}; usage: [--config FILE] [--check-config]", args[i]);
                    System.exit(2);
                }
            }
        }
        if (args.length > 0 && !Files.exists(file) && !file.toString().equals(ServerConfiguration.DEFAULT_FILE)) {
            LOG.error("configuration file {} does not exist", file);
            System.exit(2);
        }
        final ServerConfiguration configuration;
        try {
            configuration = ServerConfiguration.load(file, System.getenv());
        } catch (final ConfigurationException e) {
            LOG.error(e.getMessage());
            System.exit(2);
            return;
        }
        configuration.describe().forEach((key, value) -> LOG.info("{}={}", key, value));
        if (checkOnly) {
            return;
        }
        final EventHandlerServer server;
        try {
            server = EventHandlerServer.start(configuration);
        } catch (final ConfigurationException e) {
            // e.g. a key store that is not an Arrowhead system's, or a malformed local authorization rule
            LOG.error(e.getMessage());
            System.exit(2);
            return;
        } catch (final RuntimeException e) {
            LOG.error("the Event Handler could not start: {}", e.getMessage(), e);
            System.exit(1);
            return;
        }
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "eh-shutdown"));
        stopped.await();
    }
}
