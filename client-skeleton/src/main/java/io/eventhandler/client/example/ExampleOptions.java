package io.eventhandler.client.example;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The command-line options of {@link ExampleApplication}.
 *
 * @param url             base URI of the Event Handler, used when no core system names one
 * @param eventType       topic to publish and subscribe to
 * @param count           events to publish
 * @param timeout         how long to wait for the events (and for the stream to open)
 * @param webhookPort     port of the webhook receiver, 0 for any free one
 * @param orchestrator    base URI of the Orchestrator to ask first, or null
 * @param serviceRegistry base URI of the Service Registry to ask next, or null
 * @param keyStore        PKCS12 key store of this system (secure mode), or null for plain HTTP
 * @param trustStore      PKCS12 truststore of the cloud (secure mode), or null
 * @param password        password of both stores (secure mode), or null
 * @param verifyHostname  whether server host names are checked against their certificates
 * @param arrowhead5      the Arrowhead 5 cloud to find the Event Handler in, or null
 */
public record ExampleOptions(URI url, String eventType, int count, Duration timeout, int webhookPort,
                             URI orchestrator, URI serviceRegistry, Path keyStore, Path trustStore, String password,
                             boolean verifyHostname, Arrowhead5 arrowhead5) {

    /**
     * An Arrowhead 5 cloud: the orchestrator to pull from, and who the example is there.
     *
     * @param serviceOrchestration base URI of the 5.x orchestrator ({@code pull})
     * @param systemName           the system to declare, or to log in as; null with a 5.x certificate
     * @param authentication       base URI of the Authentication system (outsourced), or null (declared)
     * @param systemPassword       the system's password at the Authentication system, or null
     */
    public record Arrowhead5(URI serviceOrchestration, String systemName, URI authentication,
                             String systemPassword) {

        @Override
        public String toString() {
            return "Arrowhead5{serviceOrchestration=" + serviceOrchestration + ", systemName=" + systemName
                    + ", authentication=" + authentication + '}';
        }
    }

    static final String USAGE = """
            usage: java -jar eventhandler-example.jar [--url http://127.0.0.1:8455] [--event-type TEMPERATURE]
                   [--count 10] [--timeout 30] [--webhook-port 0] [--orchestrator URL] [--service-registry URL]
                   [--keystore FILE --truststore FILE --password PW [--disable-hostname-verifier true]]
                   [--service-orchestration URL [--system NAME [--authentication URL --system-password PW]]] [--help]

            Publishes --count events to the Event Handler and receives them both ways (an SSE stream and a webhook
            receiver on --webhook-port). With --orchestrator and/or --service-registry it asks them for the Event
            Handler first; --url is the fallback. --keystore, --truststore and --password: secure mode (HTTPS with
            this system's certificate). --service-orchestration: an Arrowhead 5 cloud, the Event Handler found by the
            orchestrator's pull; the example is --system (declared, or logged in at --authentication with
            --system-password), or its 5.x certificate. --timeout is in seconds.
            Exit status: 0 when every event arrived both ways (or after --help), 1 on a timeout or error, 2 on bad
            arguments.""";

    /** Plain HTTP against {@code url}, no discovery. */
    public ExampleOptions(final URI url, final String eventType, final int count, final Duration timeout,
                          final int webhookPort) {
        this(url, eventType, count, timeout, webhookPort, null, null, null, null, null, true, null);
    }

    /** Whether the example runs in secure mode (HTTPS with its certificate). */
    public boolean secure() {
        return keyStore != null;
    }

    /**
     * Parses {@code --name value} pairs. Without {@code --url} the Event Handler is looked for at
     * {@code 127.0.0.1:8455}, over HTTPS in secure mode.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ExampleOptions parse(final String... args) {
        URI url = null;
        String eventType = "TEMPERATURE";
        int count = 10;
        int timeoutSeconds = 30;
        int webhookPort = 0;
        URI orchestrator = null;
        URI serviceRegistry = null;
        Path keyStore = null;
        Path trustStore = null;
        String password = null;
        boolean verifyHostname = true;
        final String[] five = new String[4];
        for (int i = 0; i < args.length; i++) {
            final String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + name);
            }
            final String value = args[++i];
            switch (name) {
                case "--url" -> url = httpUri(name, value);
                case "--event-type" -> eventType = value;
                case "--count" -> count = integer(name, value);
                case "--timeout" -> timeoutSeconds = integer(name, value);
                case "--webhook-port" -> webhookPort = integer(name, value);
                case "--orchestrator" -> orchestrator = httpUri(name, value);
                case "--service-registry" -> serviceRegistry = httpUri(name, value);
                case "--keystore" -> keyStore = readableFile(name, value);
                case "--truststore" -> trustStore = readableFile(name, value);
                case "--password" -> password = value;
                case "--disable-hostname-verifier" -> verifyHostname = !bool(name, value);
                case "--service-orchestration" -> five[0] = httpUri(name, value).toString();
                case "--system" -> five[1] = value;
                case "--authentication" -> five[2] = httpUri(name, value).toString();
                case "--system-password" -> five[3] = value;
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        if (count < 0 || timeoutSeconds <= 0 || eventType.isBlank() || webhookPort < 0 || webhookPort > 65535) {
            throw new IllegalArgumentException("need --count >= 0, --timeout > 0, --webhook-port 0..65535"
                    + " and a non-blank --event-type");
        }
        final boolean secure = keyStore != null || trustStore != null || password != null;
        if (secure && (keyStore == null || trustStore == null || password == null)) {
            throw new IllegalArgumentException("secure mode needs --keystore, --truststore and --password");
        }
        final String scheme = secure ? "https" : "http";
        if (url == null) {
            url = URI.create(scheme + "://127.0.0.1:8455");
        } else if (!scheme.equals(url.getScheme())) {
            throw new IllegalArgumentException("--url must be " + scheme + " in " + (secure ? "secure" : "plain")
                    + " mode: " + url);
        }
        return new ExampleOptions(url, eventType, count, Duration.ofSeconds(timeoutSeconds), webhookPort,
                orchestrator, serviceRegistry, keyStore, trustStore, password, verifyHostname,
                arrowhead5(five, secure));
    }

    /** The 5.x options given (orchestrator, system, authentication, password), checked together. */
    private static Arrowhead5 arrowhead5(final String[] five, final boolean secure) {
        if (five[0] == null) {
            if (five[1] != null || five[2] != null || five[3] != null) {
                throw new IllegalArgumentException("--system, --authentication and --system-password go with"
                        + " --service-orchestration");
            }
            return null;
        }
        if (secure == (five[1] != null)) {
            throw new IllegalArgumentException("with --service-orchestration the example is either --system or the"
                    + " system of its 5.x certificate (--keystore), not both or neither");
        }
        if ((five[2] == null) != (five[3] == null)) {
            throw new IllegalArgumentException("--authentication and --system-password go together");
        }
        return new Arrowhead5(URI.create(five[0]), five[1], five[2] == null ? null : URI.create(five[2]), five[3]);
    }

    private static URI httpUri(final String name, final String value) {
        final URI uri;
        try {
            uri = URI.create(value);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a URI: " + value, e);
        }
        final String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new IllegalArgumentException(name + " needs http(s)://host:port, not " + value);
        }
        return uri;
    }

    private static int integer(final String name, final String value) {
        try {
            return Integer.parseInt(value);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, not " + value, e);
        }
    }

    private static boolean bool(final String name, final String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + " needs true or false, not " + value);
        };
    }

    private static Path readableFile(final String name, final String value) {
        final Path file = Path.of(value);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IllegalArgumentException(name + " " + value + " is not a readable file");
        }
        return file;
    }

    /** Leaves the password out. */
    @Override
    public String toString() {
        return "ExampleOptions{url=" + url + ", eventType=" + eventType + ", count=" + count + ", timeout=" + timeout
                + ", webhookPort=" + webhookPort + ", orchestrator=" + orchestrator + ", serviceRegistry="
                + serviceRegistry + ", keyStore=" + keyStore + ", trustStore=" + trustStore + ", verifyHostname="
                + verifyHostname + ", arrowhead5=" + arrowhead5 + '}';
    }
}
