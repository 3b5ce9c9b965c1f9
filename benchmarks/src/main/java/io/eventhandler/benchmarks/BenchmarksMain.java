package io.eventhandler.benchmarks;

import io.eventhandler.benchmarks.load.LoadGenerator;
import io.eventhandler.benchmarks.suite.BenchmarkSuite;

import java.util.Arrays;

/**
 * The benchmark jar's entry point: {@code java -jar benchmarks.jar suite GROUP ...} runs a group of JMH benchmarks
 * ({@link BenchmarkSuite}); anything else is the load generator's command line ({@link LoadGenerator}).
 */
public final class BenchmarksMain {

    private BenchmarksMain() {
    }

    /**
     * Dispatches to the suite or the load generator.
     *
     * @param args {@code suite GROUP [options]}, or the load generator's options
     */
    public static void main(final String[] args) {
        if (args.length > 0 && "suite".equals(args[0])) {
            System.exit(BenchmarkSuite.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        System.exit(LoadGenerator.run(args, System.out, System.err));
    }
}
