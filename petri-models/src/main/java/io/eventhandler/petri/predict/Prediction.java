package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.AnalysisCost;
import io.eventhandler.petri.net.CapacityConfiguration;

/** The predicted end-to-end latency of one configuration, and what the analysis cost. */
public record Prediction(CapacityConfiguration config, LatencyDistribution endToEnd, AnalysisCost cost) {

    public double p50() {
        return endToEnd.quantile(0.50);
    }

    public double p90() {
        return endToEnd.quantile(0.90);
    }

    public double p99() {
        return endToEnd.quantile(0.99);
    }
}
