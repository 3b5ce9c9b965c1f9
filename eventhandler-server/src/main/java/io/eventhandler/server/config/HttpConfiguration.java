package io.eventhandler.server.config;

import java.lang.management.ManagementFactory;
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
 * @param requestTimeoutMs {@link #REQUEST_TIMEOUT} — time from a request's first byte until it has arrived whole,
 *                        head and body; a slower one is cut (10000)
 * @param maxConnections  {@link #MAX_CONNECTIONS} — open client connections; more are closed at accept (0, the
 *                        default: three quarters of the process's file descriptor limit, see
 *                        {@link #effectiveMaxConnections})
 * @param maxConnectionsPerAddress {@link #MAX_CONNECTIONS_PER_ADDRESS} — open connections from one client address
 *                        (0, the default: half of the effective total)
 * @param publishOnSelector {@link #PUBLISH_ON_SELECTOR} — without TLS, a small single publish that arrived whole and
 *                        needs no durable or fenced acknowledgement is served by the selector thread that read it,
 *                        without a hand-off to a worker (true); every other request goes to a worker
 * @param selectorSpinMicros {@link #SELECTOR_SPIN} — how long a selector thread that found nothing to do keeps
 *                        polling its sockets before it sleeps (50 µs; 0 = sleep at once)
 */
public record HttpConfiguration(String address, int port, int workerThreads, int selectorThreads,
                                int requestTimeoutMs, int maxConnections, int maxConnectionsPerAddress,
                                boolean publishOnSelector, int selectorSpinMicros) {

    /** The total when the descriptor limit cannot be read. */
    private static final int CONNECTIONS_WITHOUT_DESCRIPTOR_LIMIT = 10_000;

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

    public static final Setting<Integer> REQUEST_TIMEOUT = SETTINGS.add(
            Setting.integer("eh.http.request.timeout.ms", 10_000, atLeast(1)), HttpConfiguration::requestTimeoutMs);
    public static final Setting<Integer> MAX_CONNECTIONS = SETTINGS.add(
            Setting.integer("eh.max.connections", 0, atLeast(0)), HttpConfiguration::maxConnections);
    public static final Setting<Integer> MAX_CONNECTIONS_PER_ADDRESS = SETTINGS.add(
            Setting.integer("eh.max.connections.per.address", 0, atLeast(0)),
            HttpConfiguration::maxConnectionsPerAddress);
    public static final Setting<Boolean> PUBLISH_ON_SELECTOR = SETTINGS.add(
            Setting.bool("eh.http.publish.on.selector", true), HttpConfiguration::publishOnSelector);
    public static final Setting<Integer> SELECTOR_SPIN = SETTINGS.add(
            Setting.integer("eh.selector.spin.micros", 50, between(0, 1_000)), HttpConfiguration::selectorSpinMicros);

    /**
     * The configured connection limit, or with 0 three quarters of the process's file descriptor limit (the rest
     * stays for the store, the history files, outgoing webhook and core-system connections), at least 16.
     */
    public int effectiveMaxConnections() {
        if (maxConnections > 0) {
            return maxConnections;
        }
        final long descriptors = ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount() : -1;
        return descriptors <= 0 ? CONNECTIONS_WITHOUT_DESCRIPTOR_LIMIT
                : (int) Math.max(16, Math.min(Integer.MAX_VALUE, descriptors / 4 * 3));
    }

    /** The configured per-address limit, or with 0 half of {@link #effectiveMaxConnections()}. */
    public int effectiveMaxConnectionsPerAddress() {
        return maxConnectionsPerAddress > 0 ? maxConnectionsPerAddress
                : Math.max(1, effectiveMaxConnections() / 2);
    }

    static HttpConfiguration read(final ConfigSource source) {
        final String address = source.get(ADDRESS);
        if (address.isEmpty()) {
            source.problem(ADDRESS + " is blank");
        }
        return new HttpConfiguration(address, source.get(PORT), source.get(WORKER_THREADS),
                source.get(SELECTOR_THREADS), source.get(REQUEST_TIMEOUT), source.get(MAX_CONNECTIONS),
                source.get(MAX_CONNECTIONS_PER_ADDRESS), source.get(PUBLISH_ON_SELECTOR), source.get(SELECTOR_SPIN));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
