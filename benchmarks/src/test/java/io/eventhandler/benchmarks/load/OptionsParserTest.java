package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OptionsParserTest {

    @Test
    void shouldUseDefaultsWithoutArguments() {
        final LoadOptions options = OptionsParser.parse();
        assertEquals(URI.create("http://127.0.0.1:8455"), options.url());
        assertFalse(options.embedded());
        assertEquals(1, options.publishers());
        assertEquals(1, options.subscribers());
        assertEquals(DeliveryMode.SSE, options.mode());
        assertEquals(ClientKind.LEAN, options.client());
        assertEquals(OptionsParser.DEFAULT_EVENTS, options.eventsPerPublisher());
        assertNull(options.duration());
        assertFalse(options.paced());
        assertEquals(0, options.intervalNanos());
        assertEquals(OptionsParser.DEFAULT_PAYLOAD_BYTES, options.payloadBytes());
        assertEquals(1, options.topics());
        assertEquals(OptionsParser.DEFAULT_WARMUP, options.warmupPerPublisher());
        assertEquals(Duration.ofSeconds(10), options.drainTimeout());
        assertEquals(1, options.runs());
        assertNull(options.jsonFile());
        assertFalse(options.failOnLoss());
    }

    @Test
    void shouldKeepTheEventTypesOfAGivenPrefixOnly() {
        assertNull(OptionsParser.parse().topicPrefix(), "each invocation its own event types");
        assertEquals("steady_on", OptionsParser.parse("--topic-prefix", "steady_on").topicPrefix());
        assertThrows(UsageException.class, () -> OptionsParser.parse("--topic-prefix", "1st"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--topic-prefix", "a.b"));
    }

    @Test
    void shouldLoadCentrifugoOnlyWithItsApiKeyOverPlainSse() {
        final LoadOptions options = OptionsParser.parse("--broker", "centrifugo", "--api-key", "k",
                "--url", "http://127.0.0.1:9501", "--server-pid", "4242");
        assertEquals(Broker.CENTRIFUGO, options.broker());
        assertEquals("k", options.apiKey());
        assertEquals(4242, options.serverPid());
        assertEquals(Broker.EVENTHANDLER, OptionsParser.parse().broker());
        assertEquals(0, OptionsParser.parse().serverPid());
        assertThrows(UsageException.class, () -> OptionsParser.parse("--broker", "centrifugo"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--api-key", "k"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--broker", "centrifugo", "--api-key", "k",
                "--mode", "webhook"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--broker", "centrifugo", "--api-key", "k",
                "--client", "skeleton"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--broker", "mosquitto"));
    }

    @Test
    void shouldParseEveryOption() {
        final LoadOptions options = OptionsParser.parse("--url", "http://localhost:9000", "--publishers", "4",
                "--subscribers=3", "--mode", "WEBHOOK", "--client", "Skeleton", "--events", "500", "--rate", "250.5", "--payload-bytes",
                "512", "--topics", "2", "--warmup", "0", "--json", "out/r.json", "--drain-timeout", "1500ms",
                "--ready-timeout", "2s", "--runs", "3", "--fail-on-loss");
        assertEquals(URI.create("http://localhost:9000"), options.url());
        assertEquals(4, options.publishers());
        assertEquals(3, options.subscribers());
        assertEquals(DeliveryMode.WEBHOOK, options.mode());
        assertEquals(ClientKind.SKELETON, options.client());
        assertEquals(500, options.eventsPerPublisher());
        assertEquals(250.5, options.ratePerPublisher());
        assertEquals(Math.round(1e9 / 250.5), options.intervalNanos());
        assertEquals(512, options.payloadBytes());
        assertEquals(2, options.topics());
        assertEquals(0, options.warmupPerPublisher());
        assertEquals(Path.of("out/r.json"), options.jsonFile());
        assertEquals(Duration.ofMillis(1500), options.drainTimeout());
        assertEquals(Duration.ofSeconds(2), options.readyTimeout());
        assertEquals(3, options.runs());
        assertTrue(options.failOnLoss());
    }

    @Test
    void shouldApplyAPresetAndLetExplicitOptionsWinInAnyOrder() {
        final LoadOptions before = OptionsParser.parse("--subscribers", "2", "--preset", "C");
        final LoadOptions after = OptionsParser.parse("--preset", "C", "--subscribers", "2");
        for (final LoadOptions options : new LoadOptions[] {before, after}) {
            assertEquals(Preset.C, options.preset());
            assertEquals(10, options.publishers());
            assertEquals(2, options.subscribers());
            assertEquals(1000, options.eventsPerPublisher());
            assertEquals(1, options.topics());
        }
    }

    @Test
    void shouldReplaceThePresetCountByADuration() {
        final LoadOptions options = OptionsParser.parse("--preset", "A", "--duration", "30s");
        assertTrue(options.timed());
        assertEquals(Duration.ofSeconds(30), options.duration());
    }

    @Test
    void shouldCollectEmbeddedServerSettings() {
        final LoadOptions options = OptionsParser.parse("--embedded", "--server-config", "eh.delivery.threads=4",
                "--server-config=eh.worker.threads = 8");
        assertTrue(options.embedded());
        assertEquals(Map.of("eh.delivery.threads", "4", "eh.worker.threads", "8"), options.serverConfig());
        final LoadOptions secret = OptionsParser.parse("--embedded", "--server-config",
                "server.ssl.key-store-password=s3cret");
        assertEquals("s3cret", secret.serverConfig().get("server.ssl.key-store-password"));
        assertEquals(Map.of("server.ssl.key-store-password", "***"), secret.describe().get("server_config"));
    }

    @Test
    void shouldAcceptARemoteTargetOnlyWhenAllowed() {
        final UsageException e = assertThrows(UsageException.class,
                () -> OptionsParser.parse("--url", "http://10.0.0.5:8455"));
        assertTrue(e.getMessage().contains("--allow-remote"), e.getMessage());
        final LoadOptions remote = OptionsParser.parse("--url", "http://10.0.0.5:8455", "--allow-remote");
        assertEquals("10.0.0.5", remote.url().getHost());
    }

    @Test
    void shouldParseSecureModeWithAnHttpsDefault(@TempDir final Path dir) throws Exception {
        final Path keyStore = Files.writeString(dir.resolve("loadgen.p12"), "k");
        final Path trustStore = Files.writeString(dir.resolve("truststore.p12"), "t");
        final String[] secure = {"--keystore", keyStore.toString(), "--truststore", trustStore.toString(),
            "--password", "changeit"};

        final LoadOptions options = OptionsParser.parse(secure);

        assertTrue(options.secure());
        assertEquals(URI.create("https://127.0.0.1:8455"), options.url());
        assertEquals(keyStore, options.keyStore());
        assertEquals(trustStore, options.trustStore());
        assertEquals("changeit", options.password());
        assertEquals(true, options.describe().get("secure"));
        assertFalse(options.describe().toString().contains("changeit"));
        assertFalse(OptionsParser.parse().secure());
        assertThrows(UsageException.class, () -> OptionsParser.parse("--keystore", keyStore.toString(),
                "--password", "changeit"));
        final UsageException http = assertThrows(UsageException.class, () -> OptionsParser.parse(
                concat(secure, "--url", "http://127.0.0.1:8455")));
        assertTrue(http.getMessage().contains("https"), http.getMessage());
        assertThrows(UsageException.class, () -> OptionsParser.parse("--url", "https://127.0.0.1:8455"));
        assertThrows(UsageException.class, () -> OptionsParser.parse("--keystore", dir.resolve("none.p12").toString(),
                "--truststore", trustStore.toString(), "--password", "changeit"));
    }

    private static String[] concat(final String[] first, final String... more) {
        final String[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--bogus|unknown option --bogus",
        "--publishers|--publishers needs a value",
        "--publishers 0|--publishers=0 < 1",
        "--publishers x|--publishers must be a whole number",
        "--subscribers -1|--subscribers=-1 < 0",
        "--events 10 --duration 5s|--events and --duration exclude each other",
        "--duration 0s|--duration must be positive",
        "--duration soon|--duration must be a duration",
        "--rate -1|--rate=-1",
        "--rate fast|--rate must be a number",
        "--mode carrier-pigeon|--mode must be sse or webhook",
        "--client curl|--client must be lean or skeleton",
        "--preset Z|--preset must be A, B1, B (B2) or C",
        "--topics 2|--topics=2 > --publishers=1",
        "--embedded --url http://127.0.0.1:1|--url and --embedded exclude each other",
        "--server-config a=b|--server-config applies to --embedded only",
        "--embedded --server-config novalue|--server-config needs key=value",
        "--url ftp://127.0.0.1/|--url must be http",
        "--url http://example.org:8455|is not a loopback address",
        "--runs 1 --runs 2|--runs is given twice",
        "--embedded=yes|--embedded takes no value",
        "stray|unexpected argument 'stray'",
        "--payload-bytes 2000000|--payload-bytes=2000000 > 1048576"
    })
    void shouldNameTheOptionInEveryError(final String args, final String message) {
        final UsageException e = assertThrows(UsageException.class, () -> OptionsParser.parse(args.split(" ")));
        assertTrue(e.getMessage().contains(message), () -> "'" + e.getMessage() + "' lacks '" + message + "'");
    }

    @ParameterizedTest
    @CsvSource({"30s,30000", "500ms,500", "2m,120000", "1h,3600000", "1.5,1500", "250us,0", "0,0"})
    void shouldParseDurations(final String text, final long millis) {
        assertEquals(millis, OptionsParser.duration("x", text).toMillis());
    }

    @Test
    void shouldRecognizeHelp() {
        assertTrue(OptionsParser.wantsHelp(new String[] {"--preset", "A", "--help"}));
        assertTrue(OptionsParser.wantsHelp(new String[] {"-h"}));
        assertFalse(OptionsParser.wantsHelp(new String[] {"--preset", "A"}));
        assertTrue(OptionsParser.usage().contains("--preset"));
    }

    /** {@code java -jar benchmarks.jar --help}: the usage on standard output, exit 0, nothing run. */
    @Test
    void theGeneratorAnswersHelpWithItsUsageAndExitZero() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(LoadGenerator.EXIT_OK, LoadGenerator.run(new String[] {"--help"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8)
                .startsWith("usage: java -jar benchmarks.jar [options]"), out::toString);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
}
