package io.eventhandler.petri.calibrate;

/**
 * One run of the load generator at one offered rate, and what the kernel and the server accounted during its
 * measured phase: publish rate reached, end-to-end latency (publisher's send to a subscriber's receipt, every
 * subscriber's samples), the CPU of the server's and the generator's threads by role, the machine's busy time,
 * and the dispatches the server merged.
 *
 * @param quantiles       end-to-end latency at {@code QuantileLevels}, ms (null when the run wrote no samples)
 * @param fromScheduleP99 p99 from each event's intended send instant, which adds the publisher's own lag, ms
 * @param windowSeconds   wall time from the measured phase's start to the run's report (its drain included)
 */
public record RunMeasurement(int run, double offeredPerSecond, double achievedPerSecond, long acknowledged,
                             long lost, double p50, double p99, double fromScheduleP99, double[] quantiles,
                             double windowSeconds, ProcessCpu server, ProcessCpu generator, long machineBusyNanos,
                             double loadAverage, long mergedDispatches) {

    /** Whether the run published (nearly) what it was offered: below 97 % the publishers fell behind. */
    public boolean keptUp() {
        return achievedPerSecond >= 0.97 * offeredPerSecond;
    }
}
