package io.eventhandler.benchmarks.engine;

import java.util.Set;

/**
 * One point of the engine side of the engine-versus-Flink comparison, alone in its JVM: {@link PriorityWorkload}
 * driven into the engine with priorities on ({@code --system engine}) or off ({@code --system fifo}), then one
 * {@link RunReport} line on stdout. Started by the side-by-side runner of the {@code benchmarks-flink} module; by hand:
 * <pre>java -cp benchmarks.jar io.eventhandler.benchmarks.engine.EngineRun --system engine --k 9 [--variant ekf]
 *     [--high 3] [--low 2] [--warmup 10] [--measure 20] [--workers 2] [--seed 42]</pre>
 */
public final class EngineRun {

    private EngineRun() {
    }

    public static void main(final String[] args) throws InterruptedException {
        final String system = RunOptions.raw(args, Set.of("system")).getOrDefault("system", "engine");
        if (!system.equals("engine") && !system.equals("fifo")) {
            throw new IllegalArgumentException("--system is engine or fifo, got " + system);
        }
        final RunOptions o = RunOptions.parse(args, Set.of("system"));
        final PriorityWorkload workload = o.workload();
        final PointResult r = EnginePriorityExperiment.run(workload, system.equals("engine"), 0, o.workers(),
                o.warmupSeconds(), o.measureSeconds(), o.seed());
        System.out.println(RunReport.of(system, workload, r).line());
    }
}
