package io.eventhandler.petri.analysis;

/**
 * What an analysis cost: wall time, and the size of what it enumerated (distinct markings for the exact analyses,
 * runs for the simulator).
 */
public record AnalysisCost(String analysis, long millis, int states, int regenerations) {
}
