package io.eventhandler.server.config;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * One configuration key: its name, its default and how its text becomes a value (collecting a problem that names
 * the key when it cannot). Declared once, in the record of the component it configures, through that record's
 * {@link Settings}, which also knows how {@code --check-config} shows it.
 *
 * @param <T> the value's type
 */
public final class Setting<T> {

    /** Turns a value's text into the value, or reports a problem to the source and returns the default. */
    @FunctionalInterface
    interface Parser<T> {
        T parse(String key, String raw, T defaultValue, ConfigSource source);
    }

    /** A rule a whole number must keep, and how the problem states it. */
    record IntRule(IntPredicate valid, String text) {
    }

    private final String key;
    private final T defaultValue;
    private final Parser<T> parser;

    private Setting(final String key, final T defaultValue, final Parser<T> parser) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.parser = parser;
    }

    /** The key, as in {@code eventhandler.properties}; its environment variable is derived from it. */
    public String key() {
        return key;
    }

    @Override
    public String toString() {
        return key;
    }

    T defaultValue() {
        return defaultValue;
    }

    T parse(final String raw, final T defaultValue, final ConfigSource source) {
        return parser.parse(key, raw, defaultValue, source);
    }

    static IntRule atLeast(final int min) {
        return new IntRule(v -> v >= min, "at least " + min);
    }

    static IntRule between(final int min, final int max) {
        return new IntRule(v -> v >= min && v <= max, "between " + min + " and " + max);
    }

    static IntRule rule(final IntPredicate valid, final String text) {
        return new IntRule(valid, text);
    }

    static Setting<String> string(final String key, final String defaultValue) {
        return new Setting<>(key, defaultValue, (k, raw, d, source) -> raw);
    }

    /** A whole number; one that breaks the rule is reported and kept, one that is none is reported and defaulted. */
    static Setting<Integer> integer(final String key, final int defaultValue, final IntRule rule) {
        return new Setting<>(key, defaultValue, (k, raw, d, source) -> {
            try {
                final int value = Integer.parseInt(raw);
                if (!rule.valid().test(value)) {
                    source.problem(k + "=" + raw + " must be " + rule.text());
                }
                return value;
            } catch (final NumberFormatException e) {
                source.problem(k + "=" + raw + " is not a whole number");
                return d;
            }
        });
    }

    /** {@code true} or {@code false}, any case; blank is the default. */
    static Setting<Boolean> bool(final String key, final Boolean defaultValue) {
        return new Setting<>(key, defaultValue, (k, raw, d, source) -> {
            if (raw.isEmpty()) {
                return d;
            }
            if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(raw);
            }
            source.problem(k + "=" + raw + " must be true or false");
            return d;
        });
    }

    /** Milliseconds with up to three decimals (0.05 = 50 µs), as microseconds; the default in whole milliseconds. */
    static Setting<Long> millis(final String key, final int defaultMillis) {
        return new Setting<>(key, defaultMillis * 1_000L, (k, raw, d, source) -> {
            try {
                final BigDecimal micros = new BigDecimal(raw).movePointRight(3);
                if (micros.signum() < 0 || micros.stripTrailingZeros().scale() > 0) {
                    source.problem(k + "=" + raw + " must be milliseconds ≥ 0 with at most 3 decimals");
                    return 0L;
                }
                return micros.longValueExact();
            } catch (final NumberFormatException | ArithmeticException e) {
                source.problem(k + "=" + raw + " is not a number of milliseconds");
                return 0L;
            }
        });
    }

    /** One of the enum's constants, any case. */
    static <E extends Enum<E>> Setting<E> choice(final String key, final E defaultValue, final Class<E> type) {
        return choice(key, defaultValue, type, Arrays.toString(type.getEnumConstants()));
    }

    /** One of the enum's constants, any case; a problem lists them as {@code listed}. */
    static <E extends Enum<E>> Setting<E> choice(final String key, final E defaultValue, final Class<E> type,
                                                 final String listed) {
        return new Setting<>(key, defaultValue, (k, raw, d, source) -> {
            try {
                return Enum.valueOf(type, raw.toUpperCase(Locale.ROOT));
            } catch (final IllegalArgumentException e) {
                source.problem(k + "=" + raw + " must be one of " + listed);
                return d;
            }
        });
    }

    /** Microseconds shown as milliseconds, without trailing zeros (50 → 0.05). */
    static String millis(final long micros) {
        return BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString();
    }
}
