package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.runtime.EngineSettings;

import java.util.Map;
import java.util.Set;

/**
 * One point of the engine side of the engine-versus-Flink comparison, alone in its JVM: {@link PriorityWorkload}
 * driven into the engine with priorities on and its default settings ({@code --system engine}), on with one worker
 * reserved for the highest level ({@code --system engine-reserved}), on without a reserved worker whatever the default
 * ({@code --system engine-shared}: every worker serves every level), on with workers waking parked workers for the
 * work they leave queued ({@code --system engine-handoff}, the engine before that was turned off) or off
 * ({@code --system fifo}),
 * then one {@link RunReport} line on stdout. Started by the side-by-side runner of the {@code benchmarks-flink}
 * module; by hand:
 * <pre>java -cp benchmarks.jar io.eventhandler.benchmarks.engine.EngineRun --system engine --k 9 [--variant ekf]
 *     [--high 3] [--low 2] [--warmup 10] [--measure 20] [--workers 2] [--reserved 1] [--seed 42]</pre>
 * {@code --reserved}: the engine's workers for the highest level only, on top of {@code --workers} (default: the
 * engine's default).
 */
public final class EngineRun {

    private EngineRun() {
    }

    public static void main(final String[] args) throws InterruptedException {
        final Map<String, String> own = RunOptions.raw(args, Set.of("system", "reserved"));
        final String system = own.getOrDefault("system", "engine");
        if (!Set.of("engine", "engine-reserved", "engine-shared", "engine-handoff", "fifo").contains(system)) {
            throw new IllegalArgumentException("--system is engine, engine-reserved, engine-shared, engine-handoff or "
                    + "fifo, got " + system);
        }
        final RunOptions o = RunOptions.parse(args, Set.of("system", "reserved"));
        final PriorityWorkload workload = o.workload();
        final EngineSettings defaults = EngineSettings.defaults();
        final int reserved = switch (system) {
            case "engine-shared" -> 0;
            case "engine-reserved" -> 1;
            default -> Integer.parseInt(own.getOrDefault("reserved", Integer.toString(defaults.reservedWorkers())));
        };
        final EngineSettings settings = defaults.withWorkers(o.workers()).withPrioritized(!system.equals("fifo"))
                .withReservedWorkers(reserved).withWorkersWakeWorkers(system.equals("engine-handoff"));
        final PointResult r = EnginePriorityExperiment.run(workload, settings, 0, o.warmupSeconds(),
                o.measureSeconds(), o.seed());
        System.out.println(RunReport.of(system, workload, r).line());
    }
}
