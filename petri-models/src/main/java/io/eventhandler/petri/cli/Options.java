package io.eventhandler.petri.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A command's parsed options: only the declared ones, each value checked when it is read. */
final class Options {

    private final String command;
    private final Map<String, List<String>> values;
    private final Map<String, Option> declared;

    private Options(final String command, final Map<String, Option> declared, final Map<String, List<String>> values) {
        this.command = command;
        this.declared = declared;
        this.values = values;
    }

    static Options parse(final String command, final List<Option> options, final String[] args) throws UsageException {
        final Map<String, Option> declared = new LinkedHashMap<>();
        options.forEach(o -> declared.put(o.name(), o));
        final Map<String, List<String>> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            final Option option = arg.startsWith("--") ? declared.get(arg.substring(2)) : null;
            if (option == null) {
                throw new UsageException(arg.startsWith("--") ? "unknown option " + arg + " for '" + command + "'"
                        : "unexpected argument '" + arg + "' (options are --name value)");
            }
            if (values.containsKey(option.name()) && !option.repeatable()) {
                throw new UsageException("--" + option.name() + " given twice");
            }
            if (option.isFlag()) {
                values.computeIfAbsent(option.name(), k -> new ArrayList<>()).add("true");
                continue;
            }
            if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                throw new UsageException("--" + option.name() + " needs a value (" + option.value() + ")");
            }
            values.computeIfAbsent(option.name(), k -> new ArrayList<>()).add(args[++i]);
        }
        return new Options(command, declared, values);
    }

    boolean has(final String name) {
        check(name);
        return values.containsKey(name);
    }

    /** The value given, else the declared default, else null. */
    String text(final String name) {
        check(name);
        final List<String> given = values.get(name);
        return given == null ? declared.get(name).fallback() : given.get(0);
    }

    String required(final String name) throws UsageException {
        final String value = text(name);
        if (value == null) {
            throw new UsageException("'" + command + "' needs --" + name + " " + declared.get(name).value());
        }
        return value;
    }

    List<String> all(final String name) {
        check(name);
        return values.getOrDefault(name, List.of());
    }

    int integer(final String name, final int min) throws UsageException {
        final String text = required(name);
        try {
            final int value = Integer.parseInt(text.trim());
            if (value < min) {
                throw new UsageException("--" + name + " must be at least " + min + ", not " + value);
            }
            return value;
        } catch (final NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, not '" + text + "'");
        }
    }

    double number(final String name, final double min) throws UsageException {
        final String text = required(name);
        try {
            final double value = Double.parseDouble(text.trim());
            if (!(value >= min)) {
                throw new UsageException("--" + name + " must be at least " + min + ", not " + text);
            }
            return value;
        } catch (final NumberFormatException e) {
            throw new UsageException("--" + name + " must be a number, not '" + text + "'");
        }
    }

    double[] numbers(final String name) throws UsageException {
        final String text = required(name);
        try {
            return Arrays.stream(text.split(",")).mapToDouble(part -> Double.parseDouble(part.trim())).toArray();
        } catch (final NumberFormatException e) {
            throw new UsageException("--" + name + " must be comma-separated numbers, not '" + text + "'");
        }
    }

    private void check(final String name) {
        if (!declared.containsKey(name)) {
            throw new IllegalStateException("option --" + name + " is not declared for " + command);
        }
    }
}
