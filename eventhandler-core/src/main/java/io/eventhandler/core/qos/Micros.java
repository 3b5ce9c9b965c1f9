package io.eventhandler.core.qos;

import java.math.BigDecimal;

/** Saturating arithmetic and readable formatting of microsecond durations; {@link #INFINITE} stands for ∞. */
public final class Micros {

    /** An unbounded duration (e.g. the replication deadline of a best-effort topic). */
    public static final long INFINITE = Long.MAX_VALUE;

    private Micros() {
    }

    /** {@code factor · micros}, saturating at {@link #INFINITE} (a period may be {@link #INFINITE} for rare topics). */
    public static long times(final long factor, final long micros) {
        if (factor == 0 || micros == 0) {
            return 0;
        }
        final long high = Math.multiplyHigh(factor, micros);
        final long low = factor * micros;
        return high == 0 && low >= 0 ? low : INFINITE;
    }

    /** {@code a − b} where {@link #INFINITE} minus anything finite stays infinite. */
    public static long minus(final long a, final long b) {
        return a == INFINITE ? INFINITE : a - b;
    }

    /** {@code a + b} where anything plus {@link #INFINITE} stays infinite. */
    public static long plus(final long a, final long b) {
        return a == INFINITE || b == INFINITE ? INFINITE : Math.addExact(a, b);
    }

    /** E.g. {@code 49.95 ms}, {@code -0.05 ms}, {@code ∞}. */
    public static String format(final long micros) {
        if (micros == INFINITE) {
            return "∞";
        }
        return BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString() + " ms";
    }
}
