package io.eventhandler.petri.cli;

import java.io.PrintStream;
import java.util.List;

/** The text {@code --help} prints: the tool's commands, or one command's description and options. */
final class Help {

    static final String JAR = "java -jar eventhandler-capacity.jar";

    private Help() {
    }

    static void tool(final List<Command> commands, final PrintStream out) {
        out.println("usage: " + JAR + " COMMAND [--option value ...]");
        out.println();
        out.println("Capacity planning for the Event Handler: calibrate a model on the device, then ask it how many");
        out.println("events per second each pool configuration takes before the p99 passes a deadline.");
        out.println();
        out.println("commands:");
        for (final Command command : commands) {
            out.printf("  %-10s %s%n", command.name(), command.summary());
        }
        out.println();
        out.println("`" + JAR + " COMMAND --help` describes a command. Exit status: 0 done, 1 failed, 2 usage error.");
        out.println("Licence: AGPL-3.0 (it links the Sirio Petri-net library); the Event Handler never loads it.");
    }

    static void command(final Command command, final PrintStream out) {
        out.println("usage: " + JAR + " " + command.name() + " [--option value ...]");
        out.println();
        out.println(command.description().strip());
        if (command.options().isEmpty()) {
            return;
        }
        out.println();
        out.println("options:");
        for (final Option option : command.options()) {
            final String left = "--" + option.name() + (option.isFlag() ? "" : " " + option.value());
            final String help = option.help() + (option.fallback() == null ? "" : " (default " + option.fallback() + ")")
                    + (option.repeatable() ? " (repeatable)" : "");
            out.printf("  %-28s %s%n", left, help);
        }
    }
}
