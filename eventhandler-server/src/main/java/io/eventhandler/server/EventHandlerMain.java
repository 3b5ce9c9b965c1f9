package io.eventhandler.server;

import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.EffectiveSetting;
import io.eventhandler.server.config.ResourceInUseException;
import io.eventhandler.server.config.ServerConfiguration;
import org.slf4j.Logger;
import org.slf4j.bridge.SLF4JBridgeHandler;
import org.slf4j.LoggerFactory;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;

/**
 * Starts the Event Handler in standalone mode. Reads {@code eventhandler.properties} from the working directory (or
 * the file given with {@code --config FILE}) and the environment; {@code --check-config} validates, lists the
 * effective configuration and exits; {@code --help} prints the usage. Problems an operator can fix (an invalid
 * setting, a port or store another process holds) are one plain message on standard error and exit status 2.
 */
public final class EventHandlerMain {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerMain.class);
    /** Exit status of a problem the operator can fix: bad arguments, an invalid setting, a resource in use. */
    static final int USAGE_OR_CONFIGURATION = 2;
    static final String USAGE = """
            Usage: java -jar eventhandler-server.jar [--config FILE] [--check-config] [--help]

            Starts the Event Handler. Settings come from eventhandler.properties in the working directory (or FILE),
            each overridden by an environment variable named after its key (server.port -> SERVER_PORT,
            eh.sse.retry.ms -> EH_SSE_RETRY_MS); docs/configuration.md lists them.

              --config FILE    read the settings from FILE instead of ./eventhandler.properties
              --check-config   validate the settings, list each effective value and where it came from
                               (default, file or environment), and exit without starting
              --help           print this text and exit

            Exit status: 0 after --help, --check-config or an orderly stop; 2 for a bad argument, an invalid
            setting, or a port or subscription store another process holds; 1 for any other failure to start.""";
    /** Grizzly's "[HttpServer] Started." comes before the listener binds: only our own line says it listens. */
    private static final java.util.logging.Logger GRIZZLY_SERVER_LOG =
            java.util.logging.Logger.getLogger("org.glassfish.grizzly.http.server.HttpServer");

    /** What {@link #launch} ended with: an exit status, or a running server. */
    record Outcome(int status, EventHandlerServer server) {
        static Outcome exit(final int status) {
            return new Outcome(status, null);
        }
    }

    private EventHandlerMain() {
    }

    public static void main(final String[] args) throws InterruptedException {
        // Grizzly and Jersey log through java.util.logging: route it to the same SLF4J output as ours.
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        GRIZZLY_SERVER_LOG.setLevel(Level.WARNING);
        final Outcome outcome = launch(args, System.getenv(), System.out, System.err);
        if (outcome.server() == null) {
            System.exit(outcome.status());
            return;
        }
        final EventHandlerServer server = outcome.server();
        final CountDownLatch stopped = new CountDownLatch(1);
        // SIGTERM: the orderly stop, within eh.shutdown.grace.ms (a process manager must wait longer before it kills)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            stopped.countDown();
        }, "eh-shutdown"));
        stopped.await();
    }

    /** Reads the arguments and the configuration, and starts the server unless told only to check or help. */
    static Outcome launch(final String[] args, final Map<String, String> environment, final PrintStream out,
                          final PrintStream err) {
        Path file = Path.of(ServerConfiguration.DEFAULT_FILE);
        boolean checkOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return Outcome.exit(0);
                }
                case "--config" -> {
                    if (i + 1 == args.length) {
                        return usageError(err, "--config needs a FILE");
                    }
                    file = Path.of(args[++i]);
                }
                case "--check-config" -> checkOnly = true;
                default -> {
                    return usageError(err, "unknown argument " + args[i]);
                }
            }
        }
        if (!Files.exists(file) && !file.toString().equals(ServerConfiguration.DEFAULT_FILE)) {
            err.println("The configuration file " + file + " does not exist.");
            return Outcome.exit(USAGE_OR_CONFIGURATION);
        }
        try {
            if (checkOnly) {
                out.print(listing(ServerConfiguration.effective(file, environment)));
                return Outcome.exit(0);
            }
            final ServerConfiguration configuration = ServerConfiguration.load(file, environment);
            configuration.describe().forEach((key, value) -> LOG.info("{}={}", key, value));
            return new Outcome(0, EventHandlerServer.start(configuration));
        } catch (final ConfigurationException | ResourceInUseException e) {
            // an invalid setting, a key store that is not an Arrowhead system's, a port or store another holds
            err.println(e.getMessage());
            return Outcome.exit(USAGE_OR_CONFIGURATION);
        } catch (final RuntimeException e) {
            LOG.error("the Event Handler could not start: {}", e.getMessage(), e);
            return Outcome.exit(1);
        }
    }

    private static Outcome usageError(final PrintStream err, final String problem) {
        err.println(problem + "; --help lists the options");
        return Outcome.exit(USAGE_OR_CONFIGURATION);
    }

    /** One line per setting: key, value and origin in aligned columns, with a header line. */
    static String listing(final List<EffectiveSetting> settings) {
        final int keyWidth = Math.max(3, settings.stream().mapToInt(s -> s.key().length()).max().orElse(0));
        final int valueWidth = Math.max(5, settings.stream().mapToInt(s -> String.valueOf(s.value()).length())
                .max().orElse(0));
        final String format = "%-" + keyWidth + "s  %-" + valueWidth + "s  %s%n";
        final StringBuilder text = new StringBuilder(String.format(format, "KEY", "VALUE", "SOURCE"));
        settings.forEach(s -> text.append(String.format(format, s.key(), s.value(), s.origin())));
        return text.toString();
    }
}
