package io.eventhandler.benchmarks.frame;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiment's command line.
 *
 * @param topics        topic counts, in order
 * @param settings      settings run at each count (and repetition), in order
 * @param runs          repetitions of each (count, setting)
 * @param warmupMicros  warm-up per run
 * @param measureMicros measured phase per run
 * @param readers       SSE reader threads
 * @param subscribersPerTopic SSE streams subscribed to each topic
 * @param spread        proxies at offsets spread over the period rather than all in phase (no bursts)
 * @param batch         each proxy sends a period's events as one batch publish (as the paper's proxies did) rather
 *                      than one request per event
 * @param backup        each run's Event Handler is a primary with a backup process it replicates to (the
 *                      replication jobs then send copies, as FRAME's did), rather than standalone
 * @param out           raw results file
 * @param serverConfig  Event Handler settings common to every run
 */
record TopicMixOptions(List<Integer> topics, List<FrameSetting> settings, int runs, long warmupMicros,
                       long measureMicros, int readers, int subscribersPerTopic, boolean spread, boolean batch,
                       boolean backup, Path out, Map<String, String> serverConfig) {

    static final String USAGE = """
            usage: TopicMixExperiment [--topics 250,550,850] [--settings FRAME+,FRAME,FCFS] [--runs 3]
                                      [--warmup 5s] [--measure 15s] [--readers 2] [--subscribers 1] [--phase aligned|spread]
                                      [--batch | --no-batch] [--backup] [--out FILE]
                                      [--set key=value ...]   (Event Handler settings for every run)
            --batch (the default): each proxy sends a period's events as one POST /eventhandler/publish/batch;
            --no-batch: one POST /eventhandler/publish per event, back-to-back.
            --backup: each run's Event Handler replicates to a backup Event Handler process (the replication jobs
            send their copies); without it the jobs are scheduled and counted but send nothing.
            Defaults: eh.history.size=16 (replay is not measured; 1024 events per topic would fill the heap).""";

    static TopicMixOptions parse(final String[] args) {
        List<Integer> topics = List.of(250, 550, 850);
        List<FrameSetting> settings = List.of(FrameSetting.FRAME_PLUS, FrameSetting.FRAME, FrameSetting.FCFS);
        int runs = 3;
        long warmup = 5_000_000;
        long measure = 15_000_000;
        int readers = 2;
        int subscribers = 1;
        boolean spread = false;
        boolean batch = true;
        boolean backup = false;
        Path out = Path.of("benchmarks", "results", "frame-topic-mix-" + LocalDate.now(ZoneOffset.UTC) + ".txt");
        final Map<String, String> config = new LinkedHashMap<>();
        config.put("eh.history.size", "16");
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            if (arg.equals("--batch") || arg.equals("--no-batch")) { // flags, without a value
                batch = arg.equals("--batch");
                continue;
            }
            if (arg.equals("--backup")) {
                backup = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + arg + "\n" + USAGE);
            }
            final String value = args[++i];
            switch (arg) {
                case "--topics" -> topics = ints(value);
                case "--settings" -> settings = settings(value);
                case "--runs" -> runs = positive(arg, Integer.parseInt(value));
                case "--warmup" -> warmup = seconds(value);
                case "--measure" -> measure = seconds(value);
                case "--readers" -> readers = positive(arg, Integer.parseInt(value));
                case "--subscribers" -> subscribers = positive(arg, Integer.parseInt(value));
                case "--phase" -> spread = spread(value);
                case "--out" -> out = Path.of(value);
                case "--set" -> putSetting(config, value);
                default -> throw new IllegalArgumentException("unknown option " + arg + "\n" + USAGE);
            }
        }
        for (final int total : topics) {
            TopicMix.split(total); // refuses a count too small for the mix before anything runs
        }
        return new TopicMixOptions(List.copyOf(topics), List.copyOf(settings), runs, warmup, positive("--measure",
                measure), readers, subscribers, spread, batch, backup, out, Map.copyOf(config));
    }

    private static List<FrameSetting> settings(final String value) {
        final List<FrameSetting> parsed = new ArrayList<>();
        for (final String s : value.split(",")) {
            parsed.add(FrameSetting.parse(s));
        }
        return parsed;
    }

    private static boolean spread(final String value) {
        if (!value.equals("aligned") && !value.equals("spread")) {
            throw new IllegalArgumentException("--phase is aligned or spread, not " + value);
        }
        return value.equals("spread");
    }

    private static void putSetting(final Map<String, String> config, final String value) {
        final int eq = value.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--set wants key=value, not " + value);
        }
        config.put(value.substring(0, eq), value.substring(eq + 1));
    }

    /** These options with a measured phase of at least {@code micros}. */
    TopicMixOptions withMeasureAtLeast(final long micros) {
        return new TopicMixOptions(topics, settings, runs, warmupMicros, Math.max(measureMicros, micros), readers,
                subscribersPerTopic, spread, batch, backup, out, serverConfig);
    }

    private static List<Integer> ints(final String csv) {
        final List<Integer> values = new ArrayList<>();
        for (final String s : csv.split(",")) {
            values.add(Integer.parseInt(s.trim()));
        }
        return values;
    }

    /** "15s", "15" or "1500ms" as µs. */
    private static long seconds(final String text) {
        if (text.endsWith("ms")) {
            return Long.parseLong(text.substring(0, text.length() - 2)) * 1_000;
        }
        final String number = text.endsWith("s") ? text.substring(0, text.length() - 1) : text;
        return Math.round(Double.parseDouble(number) * 1_000_000);
    }

    private static <T extends Number> T positive(final String name, final T value) {
        if (value.doubleValue() <= 0) {
            throw new IllegalArgumentException(name + " must be positive");
        }
        return value;
    }
}
