package io.eventhandler.benchmarks.frame;

import java.util.Map;

/**
 * One run: one setting at one topic count.
 *
 * @param setting        the configuration
 * @param topics         topics in the mix
 * @param repetition     1-based
 * @param categories     per category
 * @param broker         the Event Handler's counters from a second before the measured phase until the
 *                       subscribers drained
 * @param cpu            CPU from a second before the measured phase to its end
 * @param published      events the proxies had accepted (whole run)
 * @param failed         publishes refused or broken
 * @param unsentBatches  measured batches never sent because a proxy fell more than 5 s behind
 * @param maxLagMicros   the latest any batch started after its scheduled instant
 * @param trouble        gap notices, broken streams, unreadable events at the subscribers
 * @param attachMs       how long opening and attaching the SSE streams took
 * @param tightLatePerSecond category 0–1 events received late, per second of the measured phase: one transient
 *                       (a stall) or a steady share
 * @param loadAverage    the machine's 1-minute load average at the end of the measured phase (2 cores: above 2,
 *                       other processes were competing for them)
 * @param replication    what the primary sent its backup and the backup's CPU over the same interval as {@code cpu};
 *                       null without a backup
 * @param cpuIntervalMs  the interval {@code cpu} and {@code replication} cover
 */
record RunResult(FrameSetting setting, int topics, int repetition, Map<TopicCategory, CategoryOutcome> categories,
                 BrokerCounters broker, CpuSample.Usage cpu, long published, long failed, long unsentBatches,
                 long maxLagMicros, long trouble, long attachMs, long[] tightLatePerSecond,
                 double loadAverage, ReplicationCounters replication, long cpuIntervalMs) {

    /** The backup process's CPU over {@link #cpuIntervalMs}, in % of one core; NaN without a backup. */
    double backupCpuPercent() {
        return replication == null || cpuIntervalMs <= 0 ? Double.NaN
                : 100.0 * replication.backupCpuMillis() / cpuIntervalMs;
    }
}
