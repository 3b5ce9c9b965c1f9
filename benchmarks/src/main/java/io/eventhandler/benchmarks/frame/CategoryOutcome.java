package io.eventhandler.benchmarks.frame;

/**
 * One category in one run.
 *
 * @param expected        events published in the measured phase (batches × topics)
 * @param received        of them, received by the subscribers
 * @param withinDeadline  of them, received within D of their creation stamp
 * @param p50Micros       end-to-end latency percentiles of the received ones, µs
 * @param p99Micros       99th percentile
 * @param p999Micros      99.9th percentile
 * @param maxMicros       maximum
 * @param worstLossRun    the longest run of consecutive losses of any of its topics
 * @param lossOkTopicsPct topics whose longest loss run stayed within L, %
 * @param broker          the Event Handler's counts over the measured phase (its deadline is t_c + D − Δ_BS)
 */
record CategoryOutcome(long expected, long received, long withinDeadline, long p50Micros, long p99Micros,
                       long p999Micros, long maxMicros, long worstLossRun, double lossOkTopicsPct,
                       BrokerCounters.Delivery broker) {

    /** Table 3.5's success rate, %. */
    double latencySuccessPct() {
        return SuccessRate.latency(withinDeadline, expected);
    }

    /** The broker's share of deliveries that met their dispatch deadline, %. */
    double brokerMetPct() {
        final long judged = broker.met() + broker.missed();
        return judged == 0 ? 100.0 : 100.0 * broker.met() / judged;
    }
}
