package io.eventhandler.benchmarks.load;

import java.io.IOException;
import java.io.PrintStream;
import java.security.GeneralSecurityException;
import io.eventhandler.client.ClientTls;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The load generator command: P publishers and S subscribers against an Event Handler on loopback (or one embedded
 * in this JVM), reporting publish throughput and latency, end-to-end latency percentiles, delivery throughput and
 * per-subscriber loss, duplicates and reordering, as text on stdout and optionally as JSON. See
 * {@link OptionsParser#usage()} for the options and exit codes.
 */
public final class LoadGenerator {

    /** The run completed (loss is reported, not an error, unless {@code --fail-on-loss}). */
    public static final int EXIT_OK = 0;
    /** A run could not be completed: the target was unreachable, subscribers did not connect, publishers gave up. */
    public static final int EXIT_INCOMPLETE = 1;
    /** The command line is wrong. */
    public static final int EXIT_USAGE = 2;
    /** Events were lost and {@code --fail-on-loss} was given. */
    public static final int EXIT_LOSS = 3;

    static {
        configureLogging();
    }

    private static final Logger LOG = LoggerFactory.getLogger(LoadGenerator.class);

    private LoadGenerator() {
    }

    /**
     * Runs the generator and exits with its code.
     *
     * @param args the command line
     */
    public static void main(final String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the generator.
     *
     * @param args the command line
     * @param out  where the text report goes
     * @param err  where usage errors go
     * @return the exit code
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err) {
        if (OptionsParser.wantsHelp(args)) {
            out.println(OptionsParser.usage());
            return EXIT_OK;
        }
        final LoadOptions options;
        try {
            options = OptionsParser.parse(args);
        } catch (final UsageException e) {
            err.println("error: " + e.getMessage());
            err.println(OptionsParser.usage());
            return EXIT_USAGE;
        }
        final Transport transport;
        try {
            transport = transport(options);
        } catch (final IOException | GeneralSecurityException | IllegalStateException e) {
            err.println("error: cannot use " + options.keyStore() + " and " + options.trustStore() + ": " + e.getMessage());
            return EXIT_USAGE;
        }
        final EnvironmentInfo env = EnvironmentInfo.current(args);
        EmbeddedServer embedded = null;
        try {
            if (options.embedded()) {
                try {
                    embedded = EmbeddedServer.start(options.serverConfig());
                } catch (final RuntimeException e) {
                    err.println("error: the embedded Event Handler did not start: " + e);
                    return EXIT_INCOMPLETE;
                }
            }
            final URI target = embedded == null ? options.url() : embedded.baseUri();
            return runAll(options, transport, env, target, (embedded == null ? "" : "embedded ") + target,
                    embedded == null ? ServerView.NONE : embedded.view(), out);
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static Transport transport(final LoadOptions options) throws IOException, GeneralSecurityException {
        if (!options.secure()) {
            return Transport.PLAIN;
        }
        final Transport secure = Transport.secure(ClientTls.fromStores(options.keyStore(), options.trustStore(),
                options.password().toCharArray()));
        LOG.info("secure mode: {}", secure);
        return secure;
    }

    private static int runAll(final LoadOptions options, final Transport transport, final EnvironmentInfo env,
                              final URI target, final String targetLabel, final ServerView view,
                              final PrintStream out) {
        final TextReport text = new TextReport(out);
        text.header(env, options, targetLabel);
        final List<RunResult> results = new ArrayList<>();
        for (int run = 1; run <= options.runs(); run++) {
            final RunResult result = new LoadRun(options, transport, target, run, view).execute();
            results.add(result);
            text.run(result);
            out.flush();
            if (!result.completed()) {
                break;
            }
        }
        if (options.jsonFile() != null) {
            try {
                new JsonReport().write(options.jsonFile(), env, options, targetLabel, results);
                LOG.info("JSON report written to {}", options.jsonFile().toAbsolutePath());
            } catch (final IOException e) {
                LOG.error("cannot write the JSON report to {}: {}", options.jsonFile(), e.toString());
                return EXIT_INCOMPLETE;
            }
        }
        if (results.stream().anyMatch(r -> !r.completed())) {
            return EXIT_INCOMPLETE;
        }
        if (options.failOnLoss() && results.stream().anyMatch(RunResult::lostEvents)) {
            return EXIT_LOSS;
        }
        return EXIT_OK;
    }

    /**
     * Unless configured otherwise: the generator's own progress at info, everything else (the embedded server, the
     * client library, Grizzly and Jersey through java.util.logging) at warning. Runs before the first logger exists.
     */
    private static void configureLogging() {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
            System.setProperty("org.slf4j.simpleLogger.log.io.eventhandler.benchmarks", "info");
        }
        if (System.getProperty("java.util.logging.config.file") == null) {
            java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
            for (final java.util.logging.Handler handler : java.util.logging.Logger.getLogger("").getHandlers()) {
                handler.setLevel(java.util.logging.Level.WARNING);
            }
        }
    }
}
