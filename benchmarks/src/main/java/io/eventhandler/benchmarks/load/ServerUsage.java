package io.eventhandler.benchmarks.load;

/**
 * What the server process spent on a run's measured phase (from the first measured publish to the last delivery),
 * when the generator was given its process id.
 *
 * @param cpuMicros               the server's CPU time over the measured phase, µs
 * @param cpuMicrosPerDelivery    that divided by the distinct measured deliveries
 * @param cpuPerThread            whether it is summed from each thread's nanoseconds (else from the process's
 *                                10-ms clock ticks, when a thread ended during the phase: {@link CpuReading})
 * @param peakRssMib              the server's peak resident set size so far (VmHWM), MiB
 */
public record ServerUsage(long cpuMicros, double cpuMicrosPerDelivery, boolean cpuPerThread, double peakRssMib) {
}
