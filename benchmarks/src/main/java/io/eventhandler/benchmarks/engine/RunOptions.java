package io.eventhandler.benchmarks.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The options of one measured point in a child JVM of the side-by-side comparison, for the engine and for Flink
 * alike: {@code --k 9 --high 3 --low 2 --variant fft|ekf --warmup 10 --measure 20 --workers 2 --seed 42}; the
 * seed sets the suppliers' payloads and phases.
 */
public record RunOptions(int k, int high, int low, boolean tracked, long warmupSeconds, long measureSeconds,
                         int workers, long seed) {

    private static final Set<String> KNOWN = Set.of("k", "high", "low", "variant", "warmup", "measure", "workers",
            "seed");

    /**
     * @param extra further option names the caller reads itself from {@link #raw}
     * @throws IllegalArgumentException on an unknown option, a missing value or a bad number
     */
    public static RunOptions parse(final String[] args, final Set<String> extra) {
        final Map<String, String> o = raw(args, extra);
        final String variant = o.getOrDefault("variant", "fft");
        if (!variant.equals("fft") && !variant.equals("ekf")) {
            throw new IllegalArgumentException("--variant is fft or ekf, got " + variant);
        }
        return new RunOptions(Integer.parseInt(o.getOrDefault("k", "3")), Integer.parseInt(o.getOrDefault("high", "3")),
                Integer.parseInt(o.getOrDefault("low", "2")), variant.equals("ekf"),
                Long.parseLong(o.getOrDefault("warmup", "10")), Long.parseLong(o.getOrDefault("measure", "20")),
                Integer.parseInt(o.getOrDefault("workers",
                        Integer.toString(Runtime.getRuntime().availableProcessors()))),
                Long.parseLong(o.getOrDefault("seed", Long.toString(EnginePriorityExperiment.SEED))));
    }

    /** {@code --name value} pairs; refuses names outside the known and {@code extra} ones. */
    public static Map<String, String> raw(final String[] args, final Set<String> extra) {
        final Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            final String name = args[i].startsWith("--") ? args[i].substring(2) : null;
            if (name == null || !(KNOWN.contains(name) || extra.contains(name))) {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " needs a value");
            }
            out.put(name, args[i + 1]);
        }
        return out;
    }

    public PriorityWorkload workload() {
        return new PriorityWorkload(high, k, low).withTracking(tracked);
    }
}
