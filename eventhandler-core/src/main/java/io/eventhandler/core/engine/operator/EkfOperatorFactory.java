package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;

/**
 * Makes {@code ekf} operators. Parameters: {@code dt} (s, > 0), {@code process-noise} (q, variance of the white
 * acceleration, m²/s⁴, >= 0), {@code measurement-noise-range} (variance, m², > 0), {@code measurement-noise-bearing}
 * (variance, rad², > 0), optional {@code initial-state} ({@code "x,y,vx,vy"}; without it the first measurement sets
 * the position, at rest) and optional {@code initial-variance} (diagonal of the initial covariance, default
 * {@value #DEFAULT_INITIAL_VARIANCE}). One input. See {@link RangeBearingEkf} for the model.
 */
public final class EkfOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "ekf";

    static final double DEFAULT_INITIAL_VARIANCE = 1000;

    private static final Set<String> PARAMETERS = Set.of("dt", "process-noise", "measurement-noise-range",
            "measurement-noise-bearing", "initial-state", "initial-variance");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        Parameters.requireInputs(TYPE, inputCount, 1);
        final Parameters p = Parameters.of(TYPE, parameters, PARAMETERS);
        final double dt = p.positive("dt");
        final double processNoise = p.nonNegative("process-noise");
        final double rangeVariance = p.positive("measurement-noise-range");
        final double bearingVariance = p.positive("measurement-noise-bearing");
        final double initialVariance = p.positive("initial-variance", DEFAULT_INITIAL_VARIANCE);
        double[] initialState = null;
        if (p.has("initial-state")) {
            try {
                initialState = Samples.parse(p.text("initial-state"));
            } catch (IllegalArgumentException e) {
                throw p.invalid("initial-state", "is not \"x,y,vx,vy\": " + e.getMessage());
            }
            if (initialState.length != 4) {
                throw p.invalid("initial-state", "must have 4 values (x,y,vx,vy), got " + initialState.length);
            }
        }
        return new EkfOperator(new RangeBearingEkf(dt, processNoise, rangeVariance, bearingVariance, initialState,
                initialVariance));
    }
}
