package io.eventhandler.petri.net;

import java.util.Arrays;

/**
 * The end-to-end latency's quantiles less the server part's, at the calibration run: {@code offsets[i]} at the level
 * (i + ½)/n. A prediction adds them back to the predicted server part's quantiles, level by level, so it moves each
 * end-to-end quantile by exactly what the net says the server part moved from the calibration configuration, and
 * reproduces the calibration run itself. Unlike a transport distribution this need not rise with the level (where
 * the end-to-end body is narrower than the server part's, it falls), which is why it is kept as a table.
 */
public record TransportOffsets(double[] offsets) {

    public TransportOffsets {
        if (offsets.length < 2) {
            throw new IllegalArgumentException("at least two levels");
        }
        offsets = offsets.clone();
    }

    public int levels() {
        return offsets.length;
    }

    public double level(final int i) {
        return (i + 0.5) / offsets.length;
    }

    public double offset(final int i) {
        return offsets[i];
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof TransportOffsets t && Arrays.equals(offsets, t.offsets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(offsets);
    }

    @Override
    public String toString() {
        return "TransportOffsets(" + offsets.length + " levels)";
    }
}
