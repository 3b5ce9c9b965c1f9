package io.eventhandler.core.engine.operator;

/**
 * The payload convention of the numeric operators: a payload is the text of one or more decimal numbers separated by
 * commas, e.g. {@code "1.5,2,-3e-2"}.
 *
 * <p>Each sample is, with nothing around it (no spaces), an optional sign, digits with an optional fraction (or a
 * fraction alone, {@code ".5"}) and an optional exponent ({@code e} or {@code E}, optional sign, digits). The value
 * must be finite: {@code NaN}, {@code Infinity}, hexadecimal floats, Java suffixes ({@code 1d}) and numbers that
 * overflow a double ({@code 1e999}) are rejected, as are an empty payload and empty samples ({@code "1,,2"},
 * {@code "1,"}). Reading fails with an {@link IllegalArgumentException} naming the sample's position (from 0).
 *
 * <p>Writing uses {@link Double#toString(double)}'s digits (e.g. {@code 1.0}, {@code -0.03}, {@code 1.0E-5}), which
 * read back to the same double, so a payload written here and read here again is exact.
 */
public final class Samples {

    /** Generous room per sample when sizing a builder; {@code Double.toString} writes at most 24 characters. */
    private static final int CHARS_PER_SAMPLE = 24;

    /** 10⁰ to 10²², all exact in a double. */
    private static final double[] POWERS_OF_TEN = {
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
            1e19, 1e20, 1e21, 1e22};

    private Samples() {
    }

    /**
     * Reads a whole payload.
     *
     * @throws IllegalArgumentException if the payload is null or empty, or a sample is not a finite decimal number
     */
    public static double[] parse(final String payload) {
        requireText(payload);
        final double[] values = new double[count(payload)];
        int start = 0;
        for (int i = 0; i < values.length; i++) {
            int end = payload.indexOf(',', start);
            if (end < 0) {
                end = payload.length();
            }
            values[i] = parseSample(payload, start, end, i);
            start = end + 1;
        }
        return values;
    }

    /**
     * Reads one sample without reading (or checking) the others.
     *
     * @param index position of the sample, from 0
     * @throws IllegalArgumentException if the payload has no such sample or it is not a finite decimal number
     */
    public static double sample(final String payload, final int index) {
        requireText(payload);
        if (index < 0) {
            throw new IllegalArgumentException("sample index must not be negative, got " + index);
        }
        int start = 0;
        for (int i = 0; i < index; i++) {
            final int comma = payload.indexOf(',', start);
            if (comma < 0) {
                throw new IllegalArgumentException("payload has " + (i + 1) + " samples, sample " + index
                        + " was asked for");
            }
            start = comma + 1;
        }
        int end = payload.indexOf(',', start);
        if (end < 0) {
            end = payload.length();
        }
        return parseSample(payload, start, end, index);
    }

    /** The number of samples a payload holds, i.e. its commas plus one (the samples themselves are not checked). */
    public static int count(final String payload) {
        requireText(payload);
        int commas = 0;
        for (int i = 0; i < payload.length(); i++) {
            if (payload.charAt(i) == ',') {
                commas++;
            }
        }
        return commas + 1;
    }

    /**
     * Writes one value.
     *
     * @throws IllegalArgumentException if the value is not finite
     */
    public static String format(final double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("sample 0 is " + value + ", not a finite number");
        }
        return Double.toString(value);
    }

    /**
     * Writes all values.
     *
     * @throws IllegalArgumentException if the array is empty or a value is not finite (it could not be read back)
     */
    public static String format(final double[] values) {
        return format(values, values.length);
    }

    /**
     * Writes the first {@code length} values.
     *
     * @throws IllegalArgumentException if {@code length} is not in 1..values.length or a value is not finite
     */
    public static String format(final double[] values, final int length) {
        if (length < 1 || length > values.length) {
            throw new IllegalArgumentException("cannot write " + length + " of " + values.length + " samples");
        }
        // StringBuilder.append(double) writes the digits straight into the builder, no String per sample
        final StringBuilder text = new StringBuilder(length * CHARS_PER_SAMPLE);
        for (int i = 0; i < length; i++) {
            final double value = values[i];
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("sample " + i + " is " + value + ", not a finite number");
            }
            if (i > 0) {
                text.append(',');
            }
            text.append(value);
        }
        return text.toString();
    }

    private static void requireText(final String payload) {
        if (payload == null || payload.isEmpty()) {
            throw new IllegalArgumentException("payload is empty, expected comma-separated decimal numbers");
        }
    }

    private static double parseSample(final String payload, final int start, final int end, final int index) {
        if (start == end) {
            throw new IllegalArgumentException("sample " + index + " is empty");
        }
        // one pass that checks the grammar (as isDecimal) and gathers the digits for the fast path
        int i = start;
        final boolean negative = payload.charAt(i) == '-';
        if (negative || payload.charAt(i) == '+') {
            i++;
        }
        long mantissa = 0;
        int significant = 0;
        int scale = 0;
        boolean anyDigit = false;
        boolean fraction = false;
        for (; i < end; i++) {
            final char c = payload.charAt(i);
            if (c >= '0' && c <= '9') {
                anyDigit = true;
                if ((significant > 0 || c != '0') && ++significant <= 15) {
                    mantissa = mantissa * 10 + (c - '0'); // beyond 15 digits the slow path reads the text
                }
                if (fraction) {
                    scale++;
                }
            } else if (c == '.' && !fraction) {
                fraction = true;
            } else {
                break;
            }
        }
        if (!anyDigit) {
            throw notDecimal(payload, start, end, index);
        }
        final int exponent = exponent(payload, i, start, end, index);
        final double fast = fastPath(mantissa, significant, exponent - scale);
        if (!Double.isNaN(fast)) {
            return negative ? -fast : fast;
        }
        final double value = Double.parseDouble(payload.substring(start, end));
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("sample " + index + " '" + abbreviate(payload, start, end)
                    + "' is too large for a double");
        }
        return value;
    }

    /**
     * The exponent of the sample {@code payload[start, end)} whose mantissa ends at {@code from}: 0 when nothing
     * follows it, else what {@code e} or {@code E}, an optional sign and digits say (capped beyond any double).
     */
    private static int exponent(final String payload, final int from, final int start, final int end,
                                final int index) {
        if (from == end) {
            return 0;
        }
        int i = from;
        final char e = payload.charAt(i);
        if (e != 'e' && e != 'E') {
            throw notDecimal(payload, start, end, index);
        }
        i++;
        final boolean negative = i < end && payload.charAt(i) == '-';
        if (i < end && (negative || payload.charAt(i) == '+')) {
            i++;
        }
        if (i == end) {
            throw notDecimal(payload, start, end, index);
        }
        int exponent = 0;
        for (; i < end; i++) {
            final char c = payload.charAt(i);
            if (c < '0' || c > '9') {
                throw notDecimal(payload, start, end, index);
            }
            exponent = Math.min(exponent * 10 + (c - '0'), 100_000); // beyond any double either way
        }
        return negative ? -exponent : exponent;
    }

    /**
     * Clinger's fast path: when the digits fit in a double exactly (at most 15 significant ones) and so does the
     * power of ten (at most 10²²), one IEEE multiplication or division rounds correctly, so the result equals
     * {@link Double#parseDouble}'s. NaN when the slow path is needed.
     */
    private static double fastPath(final long mantissa, final int significant, final int power) {
        if (significant == 0) {
            return 0;
        }
        if (significant > 15 || power < -22 || power > 22) {
            return Double.NaN;
        }
        return power >= 0 ? mantissa * POWERS_OF_TEN[power] : mantissa / POWERS_OF_TEN[-power];
    }

    private static IllegalArgumentException notDecimal(final String payload, final int start, final int end,
                                                       final int index) {
        return new IllegalArgumentException("sample " + index + " '" + abbreviate(payload, start, end)
                + "' is not a decimal number");
    }

    /** [+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)? over [start, end). */
    static boolean isDecimal(final CharSequence text, final int start, final int end) {
        int i = start;
        if (i < end && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            i++;
        }
        final int integerStart = i;
        i = skipDigits(text, i, end);
        final boolean integerDigits = i > integerStart;
        boolean fractionDigits = false;
        if (i < end && text.charAt(i) == '.') {
            final int fractionStart = ++i;
            i = skipDigits(text, i, end);
            fractionDigits = i > fractionStart;
        }
        if (!integerDigits && !fractionDigits) {
            return false;
        }
        if (i < end && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            if (i < end && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            final int exponentStart = i;
            i = skipDigits(text, i, end);
            if (i == exponentStart) {
                return false;
            }
        }
        return i == end;
    }

    private static int skipDigits(final CharSequence text, final int from, final int end) {
        int i = from;
        while (i < end && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    /** Keeps error messages short when a payload is large or garbage. */
    private static String abbreviate(final String payload, final int start, final int end) {
        final int max = 32;
        return end - start <= max ? payload.substring(start, end) : payload.substring(start, start + max) + "...";
    }
}
