package io.eventhandler.petri.predict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} options after a sub-command word; every option takes one value. */
final class CommandLine {

    private final String command;
    private final Map<String, String> options;

    private CommandLine(final String command, final Map<String, String> options) {
        this.command = command;
        this.options = options;
    }

    static CommandLine parse(final String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing command");
        }
        final Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value at '" + args[i] + "'");
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return new CommandLine(args[0], options);
    }

    String command() {
        return command;
    }

    String required(final String name) {
        final String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing --" + name);
        }
        return value;
    }

    String optional(final String name) {
        return options.get(name);
    }

    int integer(final String name, final int fallback) {
        final String value = options.get(name);
        return value == null ? fallback : Integer.parseInt(value);
    }

    /** A comma-separated list of numbers, e.g. {@code --gaps 0.1,0.5,2}, or the fallback when the option is absent. */
    double[] doubles(final String name, final double... fallback) {
        final String value = options.get(name);
        return value == null ? fallback.clone()
                : Arrays.stream(value.split(",")).mapToDouble(part -> Double.parseDouble(part.trim())).toArray();
    }

    /** A comma-separated list of integers, e.g. {@code --delivery 1,2,4}. */
    List<Integer> integers(final String name) {
        final List<Integer> values = new ArrayList<>();
        for (final String part : required(name).split(",")) {
            values.add(Integer.parseInt(part.trim()));
        }
        return values;
    }
}
