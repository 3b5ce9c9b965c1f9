package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.graph.ConsistencyPolicy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CPEP Experiment Set 5 analogue, in process: {@link PriorityWorkload} with uncoordinated sporadic suppliers
 * (period ± jitter), prioritization on, a relative validity interval R over each middle stream's four inputs, and
 * each R run with shedding (SHED: the stale input is dropped and the operator waits for a fresh one) and without
 * (MARK: everything is processed and inconsistent results are marked). Reports the middle priority's consistent
 * (unmarked) and total output rates, the violations found and CPU. Usage:
 * <pre>java -cp benchmarks.jar io.eventhandler.benchmarks.engine.EngineRelativeValidityExperiment
 *     [--k 12] [--intervals 5.5,7,8.5,10] [--jitter-ms 2.5] [--warmup 3] [--measure 6] [--workers 2]</pre>
 */
public final class EngineRelativeValidityExperiment {

    private EngineRelativeValidityExperiment() {
    }

    public static void main(final String[] args) throws InterruptedException {
        final Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        final int k = Integer.parseInt(opt.getOrDefault("k", "12"));
        final double[] intervals = Arrays.stream(opt.getOrDefault("intervals", "5.5,7,8.5,10").split(","))
                .mapToDouble(Double::parseDouble).toArray();
        final long jitter = Math.round(Double.parseDouble(opt.getOrDefault("jitter-ms", "2.5")) * 1000);
        final long warmup = Long.parseLong(opt.getOrDefault("warmup", "3"));
        final long measure = Long.parseLong(opt.getOrDefault("measure", "6"));
        final int workers = Integer.parseInt(opt.getOrDefault("workers",
                Integer.toString(Runtime.getRuntime().availableProcessors())));
        System.out.printf(Locale.ROOT, "# relative validity experiment: high=3 k=%d low=2 jitter=±%.1fms workers=%d "
                + "warmup=%ds measure=%ds%n", k, jitter / 1000.0, workers, warmup, measure);
        System.out.println("   R ms policy  cpu% | M consistent/s total/s ideal/s violations/s | H p99ms | L p99ms");
        final int m = PriorityWorkload.MIDDLE;
        for (final double r : intervals) {
            for (final ConsistencyPolicy policy : new ConsistencyPolicy[] {ConsistencyPolicy.SHED,
                    ConsistencyPolicy.MARK}) {
                final PointResult p = EnginePriorityExperiment.run(new PriorityWorkload(3, k, 2, r, policy), true,
                        jitter, workers, warmup, measure);
                System.out.printf(Locale.ROOT, "%7.1f %-6s %5.1f | %14.0f %7.0f %7.0f %12.0f | %7.3f | %7.3f%n", r,
                        policy, 100 * p.cpu(), p.consistentRate(m), p.rate(m), p.idealRate().get(m),
                        p.relativeViolations() / p.seconds(), p.percentileMs(PriorityWorkload.HIGH, 99),
                        p.percentileMs(PriorityWorkload.LOW, 99));
            }
        }
    }
}
