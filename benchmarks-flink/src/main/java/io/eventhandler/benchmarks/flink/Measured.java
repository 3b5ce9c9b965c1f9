package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.RunReport;

/**
 * One child run as the side-by-side runner keeps it: which run of the series, the machine's load average when it
 * started, the child's report and its memory.
 */
record Measured(int run, double loadAverage, RunReport report, ProcStatus memory) {

    String system() {
        return report.system();
    }

    /** The figures of one priority, or null if the workload has none. */
    RunReport.PriorityFigures priority(final int priority) {
        return report.priorities().stream().filter(p -> p.priority() == priority).findFirst().orElse(null);
    }
}
