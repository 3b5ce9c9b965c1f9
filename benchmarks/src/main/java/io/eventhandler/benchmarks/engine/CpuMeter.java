package io.eventhandler.benchmarks.engine;

import java.lang.management.ManagementFactory;

/** This process's CPU use over an interval, as a share of all cores (1.0 = every core busy). */
public final class CpuMeter {

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final int cores = Runtime.getRuntime().availableProcessors();
    private long cpuStart;
    private long wallStart;

    public void start() {
        cpuStart = os.getProcessCpuTime();
        wallStart = System.nanoTime();
    }

    public double utilisation() {
        final double cpu = os.getProcessCpuTime() - cpuStart;
        final double wall = System.nanoTime() - wallStart;
        return cpu / (wall * cores);
    }
}
