package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.CpuMeter;
import io.eventhandler.benchmarks.engine.EnginePriorityExperiment;
import io.eventhandler.benchmarks.engine.LatencyBook;
import io.eventhandler.benchmarks.engine.MachineMeter;
import io.eventhandler.benchmarks.engine.PointResult;
import io.eventhandler.benchmarks.engine.PriorityWorkload;
import io.eventhandler.benchmarks.engine.RunOptions;
import io.eventhandler.benchmarks.engine.RunReport;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One point of the Flink side of the engine-versus-Flink comparison, alone in its JVM: the priority workload as
 * {@link FlinkPriorityJob} on a local MiniCluster (one JobManager and one TaskManager in this JVM, as in the paper),
 * parallelism and task slots = {@code --workers} (default: the cores), checkpointing off, network buffers flushed
 * after every record ({@code --buffer-timeout 0}, Flink's lowest-latency setting; its default is 100 ms). The
 * warm-up starts once the job runs. Prints one {@link RunReport} line:
 * <pre>java -jar benchmarks-flink.jar ... or java -cp benchmarks-flink.jar io.eventhandler.benchmarks.flink.FlinkRun
 *     --k 9 [--variant ekf] [--high 3] [--low 2] [--warmup 10] [--measure 20] [--workers 2] [--buffer-timeout 0]</pre>
 */
public final class FlinkRun {

    private FlinkRun() {
    }

    public static void main(final String[] args) throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // the MiniCluster is chatty
        }
        final RunOptions o = RunOptions.parse(args, Set.of("buffer-timeout"));
        final long bufferTimeout = Long.parseLong(RunOptions.raw(args, Set.of("buffer-timeout", "system"))
                .getOrDefault("buffer-timeout", "0"));
        final PriorityWorkload workload = o.workload();
        final LatencyBook book = new LatencyBook(workload.streams(), Clocks::micros);
        final String name = "flink-run";
        BookSink.register(name, book);
        final JobClient job = start(workload, o.workers(), bufferTimeout, name, o.seed());
        while (job.getJobStatus().get() != JobStatus.RUNNING) {
            Thread.sleep(50);
        }
        final PointResult r = measure(book, workload, o.warmupSeconds(), o.measureSeconds());
        System.out.println(RunReport.of("flink", workload, r).line());
        System.out.flush();
        job.cancel().get(30, TimeUnit.SECONDS);
        System.exit(0); // the MiniCluster's threads would otherwise linger
    }

    /** Submits the job to a new local MiniCluster; the sink must be registered under {@code sinkName}. */
    static JobClient start(final PriorityWorkload workload, final int parallelism, final long bufferTimeoutMillis,
                           final String sinkName, final long seed) throws Exception {
        final Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, parallelism);
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(parallelism, conf);
        env.setBufferTimeout(bufferTimeoutMillis);
        final DataStream<Item> suppliers = env.fromSource(new SupplierSource(workload, seed),
                FlinkPriorityJob.EVENT_TIME, "suppliers", TypeInformation.of(Item.class)).setParallelism(1);
        FlinkPriorityJob.build(suppliers, FlinkPlan.of(workload.graph()), parallelism)
                .sinkTo(new BookSink(sinkName)).name("consumers").setParallelism(parallelism);
        return env.executeAsync("priority workload, k=" + workload.middle());
    }

    private static PointResult measure(final LatencyBook book, final PriorityWorkload workload,
                                       final long warmupSeconds, final long measureSeconds)
            throws InterruptedException {
        final CpuMeter cpu = new CpuMeter();
        final MachineMeter machine = new MachineMeter();
        Thread.sleep(warmupSeconds * 1000);
        book.reset();
        cpu.start();
        machine.start();
        final long t0 = System.nanoTime();
        Thread.sleep(measureSeconds * 1000);
        final var latency = book.snapshot();
        final var marked = book.marked();
        final double seconds = (System.nanoTime() - t0) / 1e9;
        return new PointResult(workload.middle(), false, seconds, cpu.utilisation(), latency,
                EnginePriorityExperiment.idealRates(workload.streams()), 0, marked, 0, machine.load());
    }
}
