package io.eventhandler.petri.capacity;

/**
 * The shape of the server's two service stages from its stage recorder (accept: publish received → in the broker;
 * write: a subscriber's share of a batch write): mean in µs and squared coefficient of variation, which the
 * queueing approximation of the pools needs. Without recorded stages both variations are taken as 1 (exponential).
 */
public record StageShape(double acceptMeanMicros, double acceptScv, double writeMeanMicros, double writeScv,
                         long samples) {

    public static final StageShape UNKNOWN = new StageShape(Double.NaN, 1, Double.NaN, 1, 0);

    public boolean recorded() {
        return samples > 0;
    }
}
