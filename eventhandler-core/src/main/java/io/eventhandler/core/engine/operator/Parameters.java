package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads an operator's text parameters for its factory, with error messages that name the operator type and the
 * parameter. Unknown parameter names are rejected, so a misspelt optional parameter is not silently ignored.
 */
final class Parameters {

    private final String type;
    private final Map<String, String> values;

    private Parameters(final String type, final Map<String, String> values) {
        this.type = type;
        this.values = values;
    }

    /**
     * @param allowed every parameter name the type knows
     * @throws IllegalArgumentException if a parameter is not one of them
     */
    static Parameters of(final String type, final Map<String, String> parameters, final Set<String> allowed) {
        final Map<String, String> values = parameters == null ? Map.of() : parameters;
        final Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(allowed);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(type + ": unknown parameter(s) " + unknown + "; known: "
                    + new TreeSet<>(allowed));
        }
        return new Parameters(type, values);
    }

    /** @throws IllegalArgumentException unless the node declares exactly {@code expected} inputs */
    static void requireInputs(final String type, final int inputCount, final int expected) {
        if (inputCount != expected) {
            throw new IllegalArgumentException(type + " takes " + expected + " input(s), " + inputCount
                    + " declared");
        }
    }

    boolean has(final String name) {
        final String value = values.get(name);
        return value != null && !value.isBlank();
    }

    String text(final String name) {
        if (!has(name)) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' is required");
        }
        return values.get(name).strip();
    }

    String text(final String name, final String defaultValue) {
        return has(name) ? values.get(name).strip() : defaultValue;
    }

    /** A finite decimal number. */
    double number(final String name) {
        final String text = text(name);
        if (!Samples.isDecimal(text, 0, text.length())) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' must be a decimal number, got '"
                    + text + "'");
        }
        final double value = Double.parseDouble(text);
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' is out of range: " + text);
        }
        return value;
    }

    /** A number greater than zero. */
    double positive(final String name) {
        final double value = number(name);
        if (value <= 0) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' must be > 0, got " + value);
        }
        return value;
    }

    double positive(final String name, final double defaultValue) {
        return has(name) ? positive(name) : defaultValue;
    }

    /** A number of zero or more. */
    double nonNegative(final String name) {
        final double value = number(name);
        if (value < 0) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' must be >= 0, got " + value);
        }
        return value;
    }

    /** An int of at least {@code min}. */
    int integer(final String name, final int min) {
        final String text = text(name);
        final int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' must be an integer, got '"
                    + text + "'");
        }
        if (value < min) {
            throw new IllegalArgumentException(type + ": parameter '" + name + "' must be >= " + min + ", got "
                    + value);
        }
        return value;
    }

    int integer(final String name, final int min, final int defaultValue) {
        return has(name) ? integer(name, min) : defaultValue;
    }

    /** An error about a parameter's value, for checks the factory does itself. */
    IllegalArgumentException invalid(final String name, final String problem) {
        return new IllegalArgumentException(type + ": parameter '" + name + "' " + problem);
    }
}
