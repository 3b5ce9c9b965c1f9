package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.operator.OperatorRegistry;
import io.eventhandler.core.engine.runtime.Engine;
import io.eventhandler.core.engine.runtime.EngineSettings;
import io.eventhandler.core.engine.runtime.OperatorStatistics;
import io.eventhandler.core.engine.runtime.TopicStatistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * CPEP Experiment Set 1/2 analogue, in process: {@link PriorityWorkload}'s streams driven by a timer into an
 * {@link Engine}, middle-priority copies k raised step by step, each k run with prioritization on and off in the same
 * process; per-priority end-to-end latency, throughput and CPU. Usage:
 * <pre>java -cp benchmarks.jar io.eventhandler.benchmarks.engine.EnginePriorityExperiment
 *     [--ks 0,3,6,9,12,15] [--high 3] [--low 2] [--warmup 5] [--measure 10] [--workers 2]</pre>
 */
public final class EnginePriorityExperiment {

    /** The suppliers' seed (payloads, phases): the same for every system compared. */
    public static final long SEED = 42;
    private static final LongSupplier CLOCK = () -> System.nanoTime() / 1_000L;
    private static final int[] PRIORITIES = {PriorityWorkload.HIGH, PriorityWorkload.MIDDLE, PriorityWorkload.LOW};

    private EnginePriorityExperiment() {
    }

    public static void main(final String[] args) throws InterruptedException {
        final Map<String, String> opt = options(args);
        final int[] ks = Arrays.stream(opt.getOrDefault("ks", "0,3,6,9,12,15").split(","))
                .mapToInt(Integer::parseInt).toArray();
        final int high = Integer.parseInt(opt.getOrDefault("high", "3"));
        final int low = Integer.parseInt(opt.getOrDefault("low", "2"));
        final long warmup = Long.parseLong(opt.getOrDefault("warmup", "5"));
        final long measure = Long.parseLong(opt.getOrDefault("measure", "10"));
        final int workers = Integer.parseInt(opt.getOrDefault("workers",
                Integer.toString(Runtime.getRuntime().availableProcessors())));
        System.out.printf(Locale.ROOT, "# engine priority experiment: high=%d low=%d ks=%s workers=%d cores=%d "
                        + "warmup=%ds measure=%ds java=%s%n", high, low, Arrays.toString(ks), workers,
                Runtime.getRuntime().availableProcessors(), warmup, measure, System.getProperty("java.version"));
        System.out.println(header());
        final List<PointResult> results = new ArrayList<>();
        for (final int k : ks) {
            for (final boolean prioritized : new boolean[] {true, false}) {
                final PointResult r = run(new PriorityWorkload(high, k, low), prioritized, 0, workers, warmup,
                        measure);
                results.add(r);
                System.out.println(row(r));
            }
        }
        System.out.println(verdict(results));
    }

    /**
     * Runs one point: a fresh engine and suppliers, warm-up dropped, then the measured interval.
     *
     * @param jitterMicros 0 for coordinated periodic streams; else uncoordinated sporadic suppliers whose every
     *                     inter-arrival time is the period plus a uniform offset in (-jitter, +jitter)
     */
    public static PointResult run(final PriorityWorkload workload, final boolean prioritized, final long jitterMicros,
                                  final int workers, final long warmupSeconds, final long measureSeconds)
            throws InterruptedException {
        return run(workload, prioritized, jitterMicros, workers, warmupSeconds, measureSeconds, SEED);
    }

    /** {@link #run} with another seed for the suppliers' payloads and phases. */
    public static PointResult run(final PriorityWorkload workload, final boolean prioritized, final long jitterMicros,
                                  final int workers, final long warmupSeconds, final long measureSeconds,
                                  final long seed) throws InterruptedException {
        return run(workload, EngineSettings.defaults().withWorkers(workers).withPrioritized(prioritized), jitterMicros,
                warmupSeconds, measureSeconds, seed);
    }

    /** {@link #run} with the engine's settings given whole. */
    public static PointResult run(final PriorityWorkload workload, final EngineSettings settings,
                                  final long jitterMicros, final long warmupSeconds, final long measureSeconds,
                                  final long seed) throws InterruptedException {
        final boolean prioritized = settings.prioritized();
        final List<StreamSpec> streams = workload.streams();
        final OperatorGraph graph = OperatorGraph.build(workload.graph(), new OperatorRegistry(List.of())::factory);
        final LatencyBook book = new LatencyBook(streams, CLOCK);
        final CpuMeter cpu = new CpuMeter();
        final MachineMeter machine = new MachineMeter();
        System.gc(); // start every point from a clean heap, outside the measurement
        try (Engine engine = new Engine(graph, book, settings, CLOCK)) {
            engine.start();
            try (SupplierDriver ignored = new SupplierDriver(engine::offer, streams, jitterMicros, CLOCK, seed)) {
                Thread.sleep(warmupSeconds * 1000);
                book.reset();
                final long replacedBefore = replaced(engine);
                final long violationsBefore = relativeViolations(engine);
                cpu.start();
                machine.start();
                final long t0 = System.nanoTime();
                Thread.sleep(measureSeconds * 1000);
                final var latency = book.snapshot();
                final var marked = book.marked();
                final double seconds = (System.nanoTime() - t0) / 1e9;
                return new PointResult(workload.middle(), prioritized, seconds, cpu.utilisation(), latency,
                        idealRates(streams), replaced(engine) - replacedBefore, marked,
                        relativeViolations(engine) - violationsBefore, machine.load());
            }
        }
    }

    /** Derived events per second each priority would get if every supplier event were processed. */
    public static Map<Integer, Double> idealRates(final List<StreamSpec> streams) {
        final Map<Integer, Double> out = new HashMap<>();
        streams.forEach(s -> out.merge(s.priority(), 1e6 / s.periodMicros(), Double::sum));
        return out;
    }

    private static long replaced(final Engine engine) {
        return engine.statistics().topics().values().stream().mapToLong(TopicStatistics::replaced).sum();
    }

    private static long relativeViolations(final Engine engine) {
        return engine.statistics().operators().values().stream()
                .mapToLong(OperatorStatistics::relativeViolations).sum();
    }

    static String header() {
        final StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%3s %-4s %5s", "k", "prio", "cpu%"));
        for (final String p : new String[] {"H", "M", "L"}) {
            b.append(String.format(Locale.ROOT, " | %s p50ms  p99ms p99.9ms  out/s(ideal)", p));
        }
        return b.append(" | replaced/s").toString();
    }

    static String row(final PointResult r) {
        final StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%3d %-4s %5.1f", r.k(),
                r.prioritized() ? "on" : "off", 100 * r.cpu()));
        for (final int p : PRIORITIES) {
            b.append(String.format(Locale.ROOT, " | %7.3f %6.3f %7.3f %6.0f(%4.0f)", r.percentileMs(p, 50),
                    r.percentileMs(p, 99), r.percentileMs(p, 99.9), r.rate(p), r.idealRate().getOrDefault(p, 0.0)));
        }
        return b.append(String.format(Locale.ROOT, " | %8.0f", r.replaced() / r.seconds())).toString();
    }

    /** The goal: high p99 within 1.5x of its unloaded (first k) value with priorities on, >= 5x off. */
    static String verdict(final List<PointResult> results) {
        final StringBuilder b = new StringBuilder("# high-priority p99 growth over the first k:");
        boolean holds = true;
        for (final boolean prioritized : new boolean[] {true, false}) {
            final List<PointResult> mode = results.stream().filter(r -> r.prioritized() == prioritized).toList();
            final double base = mode.get(0).percentileMs(PriorityWorkload.HIGH, 99);
            double worst = 0;
            for (final PointResult r : mode) {
                worst = Math.max(worst, r.percentileMs(PriorityWorkload.HIGH, 99) / base);
            }
            b.append(String.format(Locale.ROOT, " %s max %.2fx (base %.3f ms);", prioritized ? "on" : "off", worst,
                    base));
            holds &= prioritized ? worst <= 1.5 : worst >= 5;
        }
        return b.append(holds ? " goal HOLDS" : " goal NOT met").toString();
    }

    private static Map<String, String> options(final String[] args) {
        final Map<String, String> out = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            }
            out.put(args[i].substring(2), args[i + 1]);
        }
        return out;
    }
}
