package io.eventhandler.benchmarks.load;

/**
 * What the server process spent on a run's measured phase (from the first measured publish to the last delivery),
 * when the generator was given its process id.
 *
 * @param cpuMicros               the server's CPU time over the measured phase, µs (10 ms resolution)
 * @param cpuMicrosPerDelivery    that divided by the distinct measured deliveries
 * @param peakRssMib              the server's peak resident set size so far (VmHWM), MiB
 */
public record ServerUsage(long cpuMicros, double cpuMicrosPerDelivery, double peakRssMib) {
}
