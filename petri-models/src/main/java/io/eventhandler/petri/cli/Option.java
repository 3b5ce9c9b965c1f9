package io.eventhandler.petri.cli;

/**
 * One option of a command: {@code --name VALUE} (or a flag without value when {@code value} is null), its help line,
 * its default as shown in the help (null: none), and whether it may be given more than once.
 */
record Option(String name, String value, String help, String fallback, boolean repeatable) {

    static Option of(final String name, final String value, final String help, final String fallback) {
        return new Option(name, value, help, fallback, false);
    }

    static Option flag(final String name, final String help) {
        return new Option(name, null, help, null, false);
    }

    static Option repeatable(final String name, final String value, final String help) {
        return new Option(name, value, help, null, true);
    }

    boolean isFlag() {
        return value == null;
    }
}
