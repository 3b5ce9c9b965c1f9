package io.eventhandler.benchmarks.scale;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of {@link ScaleExperiment}. Every option is {@code --name value}; lists are comma-separated, durations
 * take {@code ms}, {@code s} or {@code m}.
 *
 * @param scenario      which experiment
 * @param baseUri       the Event Handler
 * @param serverPid     the server's process id, for its RSS, threads, CPU and heap (0 = not measured)
 * @param subscribers   fanout: subscriber counts, grown in this order; storm: the first is used
 * @param rates         fanout: events per second, each run at every subscriber count
 * @param rate          storm and topics: events per second
 * @param topicCounts   topics: topic counts, one phase each, in this order
 * @param perTopic      topics: SSE streams per topic
 * @param duration      length of each publishing phase (storm: before the storm and after it, each)
 * @param drain         longest wait for the last deliveries after publishing stopped
 * @param attachTimeout longest wait for the streams of a step to be attached
 * @param readers       selector threads reading the streams
 * @param stormSpread   storm: the reconnects are spread over this
 * @param out           the text report is appended to this file (null = stdout only)
 */
record ScaleOptions(Scenario scenario, URI baseUri, long serverPid, List<Integer> subscribers, List<Integer> rates,
                    int rate, List<Integer> topicCounts, int perTopic, Duration duration, Duration drain,
                    Duration attachTimeout, int readers, Duration stormSpread, String out) {

    /** The experiments. */
    enum Scenario { FANOUT, STORM, TOPICS }

    private static final Set<String> KNOWN = Set.of("scenario", "url", "server-pid", "subscribers", "rates", "rate",
            "topics", "per-topic", "duration", "drain", "attach-timeout", "readers", "storm-spread", "out");

    static final String USAGE = """
            usage: ScaleExperiment --scenario fanout|storm|topics [--url http://127.0.0.1:8455] [--server-pid PID]
              fanout: [--subscribers 1000,5000,10000] [--rates 10,100] [--duration 20s]
              storm:  [--subscribers 10000] [--rate 10] [--duration 10s] [--storm-spread 1s]
              topics: [--topics 10,10000,10] [--per-topic 1] [--rate 1000] [--duration 20s]
              all:    [--readers 2] [--drain 20s] [--attach-timeout 180s] [--out FILE]""";

    /**
     * Parses the command line.
     *
     * @throws IllegalArgumentException naming the bad option
     */
    static ScaleOptions parse(final String[] args) {
        final Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --option value at '" + args[i] + "'");
            }
            final String name = args[i].substring(2);
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name);
            }
            given.put(name, args[++i]);
        }
        if (!given.containsKey("scenario")) {
            throw new IllegalArgumentException("--scenario is required");
        }
        final Scenario scenario;
        try {
            scenario = Scenario.valueOf(given.get("scenario").toUpperCase(java.util.Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("--scenario must be fanout, storm or topics");
        }
        final boolean storm = scenario == Scenario.STORM;
        return new ScaleOptions(scenario,
                URI.create(given.getOrDefault("url", "http://127.0.0.1:8455")),
                positiveOrZero(given.getOrDefault("server-pid", "0"), "server-pid"),
                ints(given.getOrDefault("subscribers", storm ? "10000" : "1000,5000,10000"), "subscribers"),
                ints(given.getOrDefault("rates", "10,100"), "rates"),
                ints(given.getOrDefault("rate", storm ? "10" : "1000"), "rate").get(0),
                ints(given.getOrDefault("topics", "10,10000,10"), "topics"),
                ints(given.getOrDefault("per-topic", "1"), "per-topic").get(0),
                duration(given.getOrDefault("duration", storm ? "10s" : "20s"), "duration"),
                duration(given.getOrDefault("drain", "20s"), "drain"),
                duration(given.getOrDefault("attach-timeout", "180s"), "attach-timeout"),
                ints(given.getOrDefault("readers", "2"), "readers").get(0),
                duration(given.getOrDefault("storm-spread", "1s"), "storm-spread"),
                given.get("out"));
    }

    private static long positiveOrZero(final String text, final String name) {
        try {
            final long value = Long.parseLong(text.trim());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number ≥ 0");
        }
    }

    static List<Integer> ints(final String text, final String name) {
        final List<Integer> values = new ArrayList<>();
        for (final String part : text.split(",")) {
            try {
                final int value = Integer.parseInt(part.trim());
                if (value <= 0) {
                    throw new NumberFormatException();
                }
                values.add(value);
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " takes whole numbers > 0, comma-separated: " + text);
            }
        }
        return List.copyOf(values);
    }

    static Duration duration(final String text, final String name) {
        final String t = text.trim();
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else if (t.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            } else if (t.endsWith("m")) {
                return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 60);
            }
        } catch (final NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--" + name + " takes a duration such as 500ms, 20s or 2m: " + text);
    }
}
