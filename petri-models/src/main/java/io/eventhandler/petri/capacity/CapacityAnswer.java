package io.eventhandler.petri.capacity;

import java.util.List;

/**
 * {@code predict}'s answer: every configuration asked about, the recommended one and why, and where the model is
 * weak for this calibration.
 */
public record CapacityAnswer(List<ConfigurationAnswer> configurations, ConfigurationAnswer recommended,
                             String reason, Double deadlineMs, List<String> limits) {

    public CapacityAnswer {
        configurations = List.copyOf(configurations);
        limits = List.copyOf(limits);
    }
}
