package io.eventhandler.petri.cli;

import java.util.Locale;

/** A duration on the command line, {@code 5ms}, {@code 800us} (or µs), {@code 0.01s}, or a bare number of ms. */
final class Durations {

    private Durations() {
    }

    static double millis(final String text) throws UsageException {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        double scale = 1;
        String number = value;
        if (value.endsWith("ms")) {
            number = value.substring(0, value.length() - 2);
        } else if (value.endsWith("us") || value.endsWith("µs")) {
            number = value.substring(0, value.length() - 2);
            scale = 0.001;
        } else if (value.endsWith("s")) {
            number = value.substring(0, value.length() - 1);
            scale = 1000;
        }
        try {
            final double millis = Double.parseDouble(number.trim()) * scale;
            if (!(millis > 0)) {
                throw new UsageException("a deadline must be above 0, not '" + text + "'");
            }
            return millis;
        } catch (final NumberFormatException e) {
            throw new UsageException("a deadline is a number with ms, us or s, e.g. 5ms, not '" + text + "'");
        }
    }
}
