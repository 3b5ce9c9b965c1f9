package io.eventhandler.benchmarks.frame;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * CPU time used so far by this process, by the Event Handler's delivery threads (the paper's "Message Delivery"
 * module: {@code eh-edf-*} take jobs in deadline order, {@code eh-delivery-*} continue subscribers whose write was in
 * flight) and by the load generator's own threads (proxies and SSE readers), which share the process.
 *
 * @param wallNanos     {@code System.nanoTime()}
 * @param processNanos  the process's CPU time
 * @param deliveryNanos the delivery threads' CPU time
 * @param generatorNanos the generator threads' CPU time
 * @param jitMillis     time the JIT compilers spent so far
 * @param gcMillis      time the collectors spent so far
 */
record CpuSample(long wallNanos, long processNanos, long deliveryNanos, long generatorNanos, long jitMillis,
                 long gcMillis) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static CpuSample take() {
        long delivery = 0;
        long generator = 0;
        for (final ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            final String name = info.getThreadName();
            final boolean isDelivery = name.startsWith("eh-edf") || name.startsWith("eh-delivery");
            final boolean isGenerator = name.startsWith("frame-proxy") || name.startsWith("sse-selector");
            if (isDelivery || isGenerator) {
                final long cpu = Math.max(0, THREADS.getThreadCpuTime(info.getThreadId()));
                if (isDelivery) {
                    delivery += cpu;
                } else {
                    generator += cpu;
                }
            }
        }
        long gc = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc += Math.max(0, collector.getCollectionTime());
        }
        return new CpuSample(System.nanoTime(), OS.getProcessCpuTime(), delivery, generator,
                ManagementFactory.getCompilationMXBean().getTotalCompilationTime(), gc);
    }

    /**
     * Use between two samples, in % of one core (200 % = both cores of the test machine).
     *
     * @param process   the whole process
     * @param server    the process without the generator's threads
     * @param delivery  the delivery threads
     * @param jitMillis JIT compilation in the interval (a large value means the code was not warm yet)
     * @param gcMillis  collections in the interval
     */
    record Usage(double process, double server, double delivery, long jitMillis, long gcMillis) {
    }

    Usage since(final CpuSample start) {
        final double wall = wallNanos - start.wallNanos;
        final double process = 100.0 * (processNanos - start.processNanos) / wall;
        final double generator = 100.0 * (generatorNanos - start.generatorNanos) / wall;
        return new Usage(process, process - generator, 100.0 * (deliveryNanos - start.deliveryNanos) / wall,
                jitMillis - start.jitMillis, gcMillis - start.gcMillis);
    }
}
