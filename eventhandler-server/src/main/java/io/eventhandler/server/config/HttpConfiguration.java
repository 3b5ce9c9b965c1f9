package io.eventhandler.server.config;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.between;

/**
 * The HTTP listener: where it listens and its threads.
 *
 * @param address         {@link #ADDRESS} — interface to listen on (127.0.0.1)
 * @param port            {@link #PORT} — TCP port (8455, Arrowhead's; 0 = any free port)
 * @param workerThreads   {@link #WORKER_THREADS} — Grizzly worker pool running the resources (cores, at least 2)
 * @param selectorThreads {@link #SELECTOR_THREADS} — Grizzly selector threads, I/O only (cores)
 */
public record HttpConfiguration(String address, int port, int workerThreads, int selectorThreads) {

    private static final Settings<HttpConfiguration> SETTINGS = new Settings<>();
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    public static final Setting<String> ADDRESS = SETTINGS.add(Setting.string("server.address", "127.0.0.1"),
            HttpConfiguration::address);
    public static final Setting<Integer> PORT = SETTINGS.add(Setting.integer("server.port", 8455, between(0, 65535)),
            HttpConfiguration::port);
    public static final Setting<Integer> WORKER_THREADS = SETTINGS.add(
            Setting.integer("eh.worker.threads", Math.max(2, CORES), atLeast(1)), HttpConfiguration::workerThreads);
    public static final Setting<Integer> SELECTOR_THREADS = SETTINGS.add(
            Setting.integer("eh.selector.threads", CORES, atLeast(1)), HttpConfiguration::selectorThreads);

    static HttpConfiguration read(final ConfigSource source) {
        final String address = source.get(ADDRESS);
        if (address.isEmpty()) {
            source.problem(ADDRESS + " is blank");
        }
        return new HttpConfiguration(address, source.get(PORT), source.get(WORKER_THREADS),
                source.get(SELECTOR_THREADS));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
