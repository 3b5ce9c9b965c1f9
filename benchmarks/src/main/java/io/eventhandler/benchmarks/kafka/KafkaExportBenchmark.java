package io.eventhandler.benchmarks.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.benchmarks.load.EmbeddedServer;
import io.eventhandler.benchmarks.load.LoadGenerator;
import io.eventhandler.server.testing.KafkaTestBroker;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Kafka export costs and gives, against a single-node Kafka broker (KRaft) in this JVM: scenario A (one
 * publisher, one SSE subscriber) on an Event Handler exporting every topic and on one without the bridge,
 * interleaved round by round in the same run; then a burst of back-to-back publishes on the exporting one, with the
 * export's lag sampled every 20 ms and the rate at which Kafka acknowledged the records.
 *
 * <p>{@code java -cp ... io.eventhandler.benchmarks.kafka.KafkaExportBenchmark --rounds 5 --burst 20000 --out DIR}
 * prints one line per measurement; each load run's JSON report is in {@code DIR}. With {@code --bootstrap host:port}
 * it uses a broker already running (in a process of its own, {@link KafkaBrokerProcess}) instead of one in this JVM;
 * with {@code --control true} a second server without the bridge runs in the same rounds, so the export's difference
 * is printed beside the difference between two identical servers; {@code --on-set key=value,...} adds settings to the
 * exporting server (e.g. {@code eh.kafka.export.linger.ms=20}); {@code --load "..."} gives the rounds' load as load
 * generator arguments instead of scenario A (e.g. {@code --load "--rate 2000 --events 6000"});
 * {@code --settle-rounds N} runs N rounds first whose figures are printed but left out of the comparison: the
 * JVM's compiler and the broker's (a fresh process) settle over the first rounds, the exporting server's slowest of
 * all (the Kafka export notebook, run 8); {@code --steady-topics true} keeps each server's event type from round to
 * round, as a plant's are, instead of a new one per round (whose Kafka topic the broker creates during that round).
 */
public final class KafkaExportBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern SAMPLE = Pattern.compile("^(eh_kafka_export_lag|eh_kafka_export_records_total)\\s+(\\S+)$",
            Pattern.MULTILINE);

    private KafkaExportBenchmark() {
    }

    public static void main(final String[] args) throws Exception {
        final Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        final Path out = Files.createDirectories(Path.of(options.getOrDefault("out", "kafka-benchmark")));
        final String bootstrap = options.get("bootstrap");
        if (bootstrap != null) {
            // a broker of its own process (KafkaBrokerProcess): only the Event Handlers and the generator here
            run(options, out, bootstrap);
            return;
        }
        final long started = System.nanoTime();
        try (KafkaTestBroker kafka = KafkaTestBroker.start()) {
            System.out.printf(Locale.ROOT, "kafka broker started in %.1f s%n", seconds(started));
            run(options, out, kafka.bootstrapServers());
        }
    }

    /**
     * The rounds and the burst against the broker at {@code bootstrap}; {@code --ports P} puts the server without
     * the bridge on port P and the exporting one on P + 1 (else free ports).
     */
    private static void run(final Map<String, String> options, final Path out, final String bootstrap)
            throws Exception {
        final int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        final int settling = Integer.parseInt(options.getOrDefault("settle-rounds", "0"));
        final int burst = Integer.parseInt(options.getOrDefault("burst", "20000"));
        final int ports = Integer.parseInt(options.getOrDefault("ports", "0"));
        final boolean control = Boolean.parseBoolean(options.getOrDefault("control", "false"));
        final PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("load-generator.txt")), true);
        try (EmbeddedServer off = EmbeddedServer.start(Map.of("server.port", Integer.toString(ports)));
             EmbeddedServer on = EmbeddedServer.start(exporting(options, ports, bootstrap));
             EmbeddedServer second = control
                     ? EmbeddedServer.start(Map.of("server.port", Integer.toString(ports == 0 ? 0 : ports + 2)))
                     : null) {
            final List<Arm> arms = new ArrayList<>(List.of(new Arm("off", off, false), new Arm("on", on, true)));
            if (second != null) {
                arms.add(new Arm("off2", second, false));
            }
            for (int round = 1 - settling; round <= rounds; round++) {
                // every arm takes every place in the order equally often
                for (int i = 0; i < arms.size(); i++) {
                    final Arm arm = arms.get((round + settling - 1 + i) % arms.size());
                    final String label = round >= 1 ? "round " + round : "settling round " + (round + settling);
                    final double p99 = measureRound(arm, label, out, log, loadArguments(options, arm));
                    if (round >= 1) {
                        arm.p99.add(p99);
                    }
                }
            }
            compare(arms);
            burst(on.baseUri(), burst, out, log);
        }
    }

    /** The exporting server's settings: every topic to Kafka, and {@code --on-set key=value,...} on top. */
    private static Map<String, String> exporting(final Map<String, String> options, final int ports,
                                                 final String bootstrap) {
        final Map<String, String> settings = new HashMap<>(Map.of("server.port",
                Integer.toString(ports == 0 ? 0 : ports + 1), "eh.kafka.bootstrap.servers", bootstrap,
                "eh.kafka.export.topics", "*", "eh.kafka.export.prefix", "bench."));
        for (final String pair : options.getOrDefault("on-set", "").split(",")) {
            final int eq = pair.indexOf('=');
            if (eq > 0) {
                settings.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return settings;
    }

    /** One server of the comparison and the p99 of each of its rounds. */
    private record Arm(String name, EmbeddedServer server, boolean exporting, List<Double> p99) {
        Arm(final String name, final EmbeddedServer server, final boolean exporting) {
            this(name, server, exporting, new ArrayList<>());
        }
    }

    /**
     * Every arm's median p99 and, per round, its difference to the server without the bridge. With the control
     * arm (a second server without the bridge) the export's difference can be read against what two identical
     * servers differ by in the same rounds: the noise.
     */
    private static void compare(final List<Arm> arms) {
        final Arm off = arms.get(0);
        for (final Arm arm : arms) {
            System.out.printf(Locale.ROOT, "A %-4s p99 median %.3f ms over %d rounds%n", arm.name(),
                    median(arm.p99()), arm.p99().size());
        }
        for (final Arm arm : arms.subList(1, arms.size())) {
            final List<Double> diff = new ArrayList<>();
            int atOrBelow = 0;
            for (int r = 0; r < off.p99().size(); r++) {
                diff.add(arm.p99().get(r) - off.p99().get(r));
                atOrBelow += arm.p99().get(r) <= off.p99().get(r) ? 1 : 0;
            }
            System.out.printf(Locale.ROOT, "A %s - off per round: p99 median %+.3f ms, %s at or below off in %d of %d"
                    + " rounds%n", arm.name(), median(diff), arm.name(), atOrBelow, diff.size());
        }
    }

    private static double median(final List<Double> values) {
        final List<Double> sorted = values.stream().sorted().toList();
        final int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /**
     * The rounds' load: scenario A (closed loop), or {@code --load "generator arguments"} (e.g. a paced rate); with
     * {@code --steady-topics true} each server keeps its event type from round to round (its Kafka topic is created
     * once, in the first settling round), else every round publishes a new one.
     */
    private static String[] loadArguments(final Map<String, String> options, final Arm arm) {
        final String given = options.getOrDefault("load", "").trim();
        final List<String> arguments = new ArrayList<>(given.isEmpty() ? List.of("--preset", "A")
                : List.of(given.split("\\s+")));
        if (Boolean.parseBoolean(options.getOrDefault("steady-topics", "false"))) {
            arguments.addAll(List.of("--topic-prefix", "steady_" + arm.name()));
        }
        return arguments.toArray(String[]::new);
    }

    private static double measureRound(final Arm arm, final String label, final Path out, final PrintStream log,
                                       final String[] loadArguments) throws IOException {
        final String name = arm.name() + "-" + label.replace("round ", "").replace(' ', '-');
        final JsonNode run = load(arm.server().baseUri(), out.resolve("A-" + name + ".json"), log, loadArguments);
        final JsonNode e2e = run.path("delivery").path("end_to_end");
        // the next run starts once Kafka has everything: no export work overlaps the other server's run
        final double drained = arm.exporting() ? drain(arm.server().baseUri()) : 0;
        System.out.printf(Locale.ROOT, "A %s export %-4s p50 %.3f ms p99 %.3f ms p99.9 %.3f ms"
                        + " lost %d; export drained %.2f s after the run%n", label, arm.name(),
                e2e.path("p50_ms").asDouble(), e2e.path("p99_ms").asDouble(), e2e.path("p999_ms").asDouble(),
                run.path("delivery").path("lost").asLong(), drained);
        return e2e.path("p99_ms").asDouble();
    }

    /** A burst of back-to-back publishes by 4 publishers; the export's lag sampled meanwhile. */
    private static void burst(final URI base, final int events, final Path out, final PrintStream log)
            throws Exception {
        final long[] before = exportCounters(base);
        final long[] maxLag = {0};
        final boolean[] running = {true};
        final Thread sampler = new Thread(() -> {
            while (running[0]) {
                maxLag[0] = Math.max(maxLag[0], exportCounters(base)[0]);
                sleep(20);
            }
        }, "lag-sampler");
        final long start = System.nanoTime();
        sampler.start();
        final JsonNode run = load(base, out.resolve("burst.json"), log, "--publishers", "4", "--subscribers", "1",
                "--events", Integer.toString(events / 4), "--warmup", "0", "--topics", "1");
        final double publishSeconds = seconds(start);
        long[] now = exportCounters(base);
        while (now[0] > 0) {
            sleep(5);
            now = exportCounters(base);
        }
        final double exportSeconds = seconds(start);
        running[0] = false;
        sampler.join();
        final long exported = now[1] - before[1];
        System.out.printf(Locale.ROOT, "burst: %d events published in %.2f s (%.0f events/s, SSE p99 %.3f ms); "
                        + "%d exported, the last acknowledged by Kafka %.2f s after the start: %.0f events/s; "
                        + "export lag at most %d events%n", run.path("publish").path("acknowledged").asLong(),
                publishSeconds, run.path("publish").path("acknowledged").asLong() / publishSeconds,
                run.path("delivery").path("end_to_end").path("p99_ms").asDouble(), exported, exportSeconds,
                exported / exportSeconds, maxLag[0]);
        // what the export counted meanwhile: replays and misses must account for anything not exported
        final String text = HTTP.send(HttpRequest.newBuilder(base.resolve("/eventhandler/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        text.lines().filter(l -> l.startsWith("eh_kafka_export_")).forEach(l -> System.out.println("burst: " + l));
    }

    /** Waits until the export's lag is 0; returns how long that took, in seconds. */
    private static double drain(final URI base) {
        final long start = System.nanoTime();
        while (exportCounters(base)[0] > 0) {
            sleep(5);
        }
        return seconds(start);
    }

    private static JsonNode load(final URI base, final Path json, final PrintStream log, final String... more)
            throws IOException {
        final List<String> args = new ArrayList<>(List.of("--url", base.toString(), "--json", json.toString()));
        args.addAll(List.of(more));
        final int exit = LoadGenerator.run(args.toArray(String[]::new), log, log);
        if (exit != LoadGenerator.EXIT_OK) {
            throw new IllegalStateException("load generator exit " + exit + " for " + args);
        }
        return JSON.readTree(json.toFile()).path("runs").get(0);
    }

    /** {lag, records} of the export now. */
    private static long[] exportCounters(final URI base) {
        try {
            final String text = HTTP.send(HttpRequest.newBuilder(base.resolve("/eventhandler/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            final long[] values = new long[2];
            final Matcher m = SAMPLE.matcher(text);
            while (m.find()) {
                values[m.group(1).equals("eh_kafka_export_lag") ? 0 : 1] = (long) Double.parseDouble(m.group(2));
            }
            return values;
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static double seconds(final long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static void sleep(final long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
