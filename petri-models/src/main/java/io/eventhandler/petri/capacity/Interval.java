package io.eventhandler.petri.capacity;

/** A predicted figure and the interval the calibration's measured spread puts around it. */
public record Interval(double value, double low, double high) {

    public static Interval exact(final double value) {
        return new Interval(value, value, value);
    }

    /** The interval's half-width relative to the value, e.g. 0.12 for ±12 %. */
    public double relativeHalfWidth() {
        return value == 0 || !Double.isFinite(value) ? Double.NaN : (high - low) / 2 / value;
    }
}
