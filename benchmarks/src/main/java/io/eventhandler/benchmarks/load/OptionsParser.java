package io.eventhandler.benchmarks.load;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses the {@link LoadGenerator} command line. Options take {@code --name value} or {@code --name=value}. A
 * {@code --preset} sets publishers, subscribers and events first; options given explicitly win over it, in whatever
 * order they appear.
 */
public final class OptionsParser {

    /** Measured events per publisher without a preset. */
    public static final long DEFAULT_EVENTS = 2000;
    /** Warm-up events per publisher. */
    public static final long DEFAULT_WARMUP = 2000;
    /** Payload size in bytes. */
    public static final int DEFAULT_PAYLOAD_BYTES = 100;
    /** Wait for deliveries after the last publish. */
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(10);
    /** Wait for subscribers to connect. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(10);
    /** Largest payload accepted on the command line (the server's default body limit is 64 KiB). */
    public static final int MAX_PAYLOAD_BYTES = 1 << 20;

    private static final Set<String> FLAGS = Set.of("embedded", "allow-remote", "fail-on-loss", "help");
    private static final Set<String> VALUED = Set.of("url", "publishers", "subscribers", "mode", "client", "events",
            "duration", "rate", "payload-bytes", "topics", "topic-prefix", "warmup", "preset", "json", "samples-csv", "drain-timeout",
            "ready-timeout", "runs", "server-config", "keystore", "truststore", "password", "broker", "api-key",
            "server-pid");

    private OptionsParser() {
    }

    /**
     * Whether the arguments ask for the usage text.
     *
     * @param args the command line
     * @return true when {@code --help} or {@code -h} is present
     */
    public static boolean wantsHelp(final String[] args) {
        for (final String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Parses and validates the command line.
     *
     * @param args the arguments after the class name
     * @return the options
     * @throws UsageException naming the offending option and value
     */
    public static LoadOptions parse(final String... args) {
        final Map<String, String> given = new LinkedHashMap<>();
        final Map<String, String> serverConfig = new LinkedHashMap<>();
        collect(args, given, serverConfig);

        final Preset preset = given.containsKey("preset") ? Preset.parse(given.get("preset")) : null;
        final boolean embedded = given.containsKey("embedded");
        final boolean allowRemote = given.containsKey("allow-remote");
        if (embedded && given.containsKey("url")) {
            throw new UsageException("--url and --embedded exclude each other");
        }
        if (!embedded && !serverConfig.isEmpty()) {
            throw new UsageException("--server-config applies to --embedded only");
        }
        final boolean secure = secure(given);
        final URI url = target(given, embedded, allowRemote, secure);
        final Path keyStore = secure ? readableFile("keystore", given.get("keystore")) : null;
        final Path trustStore = secure ? readableFile("truststore", given.get("truststore")) : null;
        if (given.containsKey("events") && given.containsKey("duration")) {
            throw new UsageException("--events and --duration exclude each other");
        }
        final int publishers = intValue(given, "publishers", preset == null ? 1 : preset.publishers(), 1);
        final int subscribers = intValue(given, "subscribers", preset == null ? 1 : preset.subscribers(), 0);
        final long events = longValue(given, "events",
                preset == null ? DEFAULT_EVENTS : preset.eventsPerPublisher(), 1);
        final Duration duration = given.containsKey("duration") ? duration("duration", given.get("duration")) : null;
        if (duration != null && duration.isZero()) {
            throw new UsageException("--duration must be positive, not '" + given.get("duration") + "'");
        }
        final double rate = rate(given.getOrDefault("rate", "0"));
        final int payloadBytes = intValue(given, "payload-bytes", DEFAULT_PAYLOAD_BYTES, 1);
        if (payloadBytes > MAX_PAYLOAD_BYTES) {
            throw new UsageException("--payload-bytes=" + payloadBytes + " > " + MAX_PAYLOAD_BYTES);
        }
        final int topics = intValue(given, "topics", 1, 1);
        if (topics > publishers) {
            throw new UsageException("--topics=" + topics + " > --publishers=" + publishers
                    + " (a topic without a publisher would carry nothing)");
        }
        final long warmup = longValue(given, "warmup", DEFAULT_WARMUP, 0);
        final Path json = given.containsKey("json") ? Path.of(given.get("json")) : null;
        final Duration drain = given.containsKey("drain-timeout")
                ? duration("drain-timeout", given.get("drain-timeout")) : DEFAULT_DRAIN_TIMEOUT;
        final Duration ready = given.containsKey("ready-timeout")
                ? duration("ready-timeout", given.get("ready-timeout")) : DEFAULT_READY_TIMEOUT;
        final int runs = intValue(given, "runs", 1, 1);
        final DeliveryMode mode = DeliveryMode.parse(given.getOrDefault("mode", "sse"));
        final ClientKind client = ClientKind.parse(given.getOrDefault("client", "lean"));
        final Broker broker = broker(given, embedded, secure, mode, client);
        return new LoadOptions(url, embedded, allowRemote, publishers, subscribers, mode, client, events, duration, rate,
                payloadBytes, topics, warmup, preset, json, drain, ready, runs, given.containsKey("fail-on-loss"),
                serverConfig, keyStore, trustStore, secure ? given.get("password") : null,
                given.containsKey("samples-csv") ? Path.of(given.get("samples-csv")) : null, broker,
                given.get("api-key"), longValue(given, "server-pid", 0, 1), topicPrefix(given));
    }

    private static String topicPrefix(final Map<String, String> given) {
        final String prefix = given.get("topic-prefix");
        if (prefix != null && !prefix.matches("[A-Za-z][A-Za-z0-9_]{0,40}")) {
            throw new UsageException("--topic-prefix takes a letter, then up to 40 letters, digits or underscores, not '"
                    + prefix + "'");
        }
        return prefix;
    }

    /** The broker, and whether the other options suit it: Centrifugo is loaded over plain SSE with its API key. */
    private static Broker broker(final Map<String, String> given, final boolean embedded, final boolean secure,
                                 final DeliveryMode mode, final ClientKind client) {
        final Broker broker = Broker.parse(given.getOrDefault("broker", "eventhandler"));
        if (broker == Broker.EVENTHANDLER) {
            if (given.containsKey("api-key")) {
                throw new UsageException("--api-key applies to --broker centrifugo only");
            }
            return broker;
        }
        if (!given.containsKey("api-key")) {
            throw new UsageException("--broker centrifugo needs --api-key (its http_api.key)");
        }
        if (embedded || secure || mode != DeliveryMode.SSE || client != ClientKind.LEAN) {
            throw new UsageException("--broker centrifugo runs over plain HTTP with SSE subscribers and the lean "
                    + "client: drop --embedded, --keystore, --mode webhook and --client skeleton");
        }
        return broker;
    }

    private static boolean secure(final Map<String, String> given) {
        final boolean secure = given.containsKey("keystore") || given.containsKey("truststore")
                || given.containsKey("password");
        if (secure && !(given.containsKey("keystore") && given.containsKey("truststore")
                && given.containsKey("password"))) {
            throw new UsageException("secure mode needs --keystore, --truststore and --password");
        }
        return secure;
    }

    /** The server to load: {@code --url} or the default for the mode, checked against where it may point. */
    private static URI target(final Map<String, String> given, final boolean embedded, final boolean allowRemote,
                              final boolean secure) {
        final URI url = given.containsKey("url") ? uri(given.get("url"))
                : secure ? LoadOptions.DEFAULT_SECURE_URL : LoadOptions.DEFAULT_URL;
        if (!embedded) {
            TargetGuard.check(url, allowRemote);
            if (secure != "https".equalsIgnoreCase(url.getScheme())) {
                throw new UsageException("--url must be " + (secure ? "https with --keystore" : "http without --keystore")
                        + ", not '" + url + "'");
            }
        }
        return url;
    }

    private static void collect(final String[] args, final Map<String, String> given,
                                final Map<String, String> serverConfig) {
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "' (options start with --)");
            }
            final int eq = arg.indexOf('=');
            final String name = (eq < 0 ? arg.substring(2) : arg.substring(2, eq)).toLowerCase(Locale.ROOT);
            final String value;
            if (FLAGS.contains(name)) {
                if (eq >= 0) {
                    throw new UsageException("--" + name + " takes no value");
                }
                value = "true";
            } else if (VALUED.contains(name)) {
                if (eq >= 0) {
                    value = arg.substring(eq + 1);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new UsageException("--" + name + " needs a value");
                }
            } else {
                throw new UsageException("unknown option --" + name);
            }
            if (name.equals("server-config")) {
                serverConfigEntry(value, serverConfig);
            } else if (given.put(name, value) != null) {
                throw new UsageException("--" + name + " is given twice");
            }
        }
    }

    private static void serverConfigEntry(final String value, final Map<String, String> serverConfig) {
        final int eq = value.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("--server-config needs key=value, not '" + value + "'");
        }
        serverConfig.put(value.substring(0, eq).trim(), value.substring(eq + 1).trim());
    }

    private static URI uri(final String text) {
        try {
            return new URI(text.trim());
        } catch (final URISyntaxException e) {
            throw new UsageException("--url is not a URI: '" + text + "'");
        }
    }

    private static Path readableFile(final String name, final String value) {
        final Path file = Path.of(value);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UsageException("--" + name + " " + value + " is not a readable file");
        }
        return file;
    }

    private static int intValue(final Map<String, String> given, final String name, final int fallback,
                                final int min) {
        final long value = longValue(given, name, fallback, min);
        if (value > Integer.MAX_VALUE) {
            throw new UsageException("--" + name + "=" + value + " is too large");
        }
        return (int) value;
    }

    private static long longValue(final Map<String, String> given, final String name, final long fallback,
                                  final long min) {
        final String text = given.get(name);
        if (text == null) {
            return fallback;
        }
        final long value;
        try {
            value = Long.parseLong(text.trim().replace("_", ""));
        } catch (final NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, not '" + text + "'");
        }
        if (value < min) {
            throw new UsageException("--" + name + "=" + value + " < " + min);
        }
        return value;
    }

    private static double rate(final String text) {
        final double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (final NumberFormatException e) {
            throw new UsageException("--rate must be a number of events per second, not '" + text + "'");
        }
        if (!(value >= 0) || Double.isInfinite(value) || value > 1e9) {
            throw new UsageException("--rate=" + text + " must be between 0 (back-to-back) and 1e9");
        }
        return value;
    }

    /**
     * Parses a duration such as {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h} or {@code 250us}; a bare number
     * means seconds.
     *
     * @param option the option name, for the message
     * @param text   the value
     * @return the duration, not negative
     * @throws UsageException when the value is not a duration
     */
    public static Duration duration(final String option, final String text) {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        for (final Map.Entry<String, Long> unit : List.of(Map.entry("ms", 1_000_000L), Map.entry("us", 1_000L),
                Map.entry("ns", 1L), Map.entry("s", 1_000_000_000L), Map.entry("m", 60_000_000_000L),
                Map.entry("h", 3_600_000_000_000L))) {
            if (value.endsWith(unit.getKey())) {
                final String number = value.substring(0, value.length() - unit.getKey().length());
                return nanos(option, text, number, unit.getValue());
            }
        }
        return nanos(option, text, value, 1_000_000_000L);
    }

    private static Duration nanos(final String option, final String text, final String number, final long unitNanos) {
        try {
            final double amount = Double.parseDouble(number.trim());
            if (!(amount >= 0) || amount * unitNanos > Long.MAX_VALUE / 2.0) {
                throw new UsageException("--" + option + " is out of range: '" + text + "'");
            }
            return Duration.ofNanos(Math.round(amount * unitNanos));
        } catch (final NumberFormatException e) {
            throw new UsageException("--" + option + " must be a duration like 30s or 500ms, not '" + text + "'");
        }
    }

    /** The usage text. */
    public static String usage() {
        return String.join(System.lineSeparator(),
                "usage: java -jar benchmarks.jar [options]",
                "  --url URL             Event Handler to load (default " + LoadOptions.DEFAULT_URL
                        + "; loopback only)",
                "  --embedded            start an Event Handler in this JVM on a free port instead",
                "  --server-config K=V   embedded server setting, repeatable (e.g. eh.delivery.threads=4)",
                "  --allow-remote        permit a non-loopback --url",
                "  --preset A|B1|B|C     thesis scenario: A 1->1 x2000, B1 1->1 x9000, B 1->6 x9000, C 10x1000->10",
                "  --publishers P        publisher threads, one connection each (default 1)",
                "  --subscribers S       subscribers, each on every topic (default 1)",
                "  --mode sse|webhook    delivery to the subscribers (default sse)",
                "  --client lean|skeleton  HTTP of publishers and subscribers: lean raw sockets (default), or the",
                "                        client library (HttpClient 5, JDK HTTP server, reconnects) as applications see it",
                "  --events N            measured events per publisher (default " + DEFAULT_EVENTS + ")",
                "  --duration 30s        measure for a time instead of --events",
                "  --rate R              events/s per publisher, open loop; 0 = back-to-back (default 0)",
                "  --payload-bytes B     payload size (default " + DEFAULT_PAYLOAD_BYTES + ")",
                "  --topic-prefix P      event types P_t0, P_t1, ... in every invocation (default: a prefix unique to"
                        + " each, so that runs never see each other's topics)",
                "  --topics K            event types; publisher i publishes on topic i mod K (default 1)",
                "  --warmup N            events per publisher first, excluded from statistics (default "
                        + DEFAULT_WARMUP + ")",
                "  --drain-timeout 10s   wait for deliveries after the last publish",
                "  --ready-timeout 10s   wait for subscribers to connect",
                "  --runs R              repeat the run R times (default 1)",
                "  --json FILE           also write the report as JSON",
                "  --samples-csv FILE    also write the measured end-to-end latencies, one per line in ms (for the",
                "                        capacity model, docs/capacity.md); with --runs > 1, FILE-runN per run",
                "  --fail-on-loss        exit 3 when an event was lost",
                "  --keystore FILE       secure mode (https): the generator's PKCS12 key store; its certificate's",
                "                        system name is every publisher's source and webhook subscriber",
                "  --truststore FILE     secure mode: the cloud's PKCS12 truststore",
                "  --password PW         secure mode: the password of both stores",
                "  --broker eventhandler|centrifugo  the server at --url (default eventhandler); centrifugo: publish",
                "                        with POST /api/publish, subscribe with uni_sse, the same payloads",
                "  --api-key KEY         Centrifugo's HTTP API key (X-API-Key)",
                "  --server-pid PID      the server's process: report its CPU time per delivery over the measured",
                "                        phase and its peak RSS (from /proc)",
                "exit codes: 0 run completed, 1 run could not complete, 2 usage error, 3 loss with --fail-on-loss");
    }
}
