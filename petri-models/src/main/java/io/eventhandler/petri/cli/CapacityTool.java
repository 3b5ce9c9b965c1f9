package io.eventhandler.petri.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code eventhandler-capacity.jar}: {@code calibrate} a capacity model on the device, {@code predict} its answers,
 * {@code compare} them with another server's measurement, and the Petri-net commands behind them. Exit status 0
 * when done (and for {@code --help}), 1 when a command failed, 2 for a command line it cannot run.
 */
public final class CapacityTool {

    private final List<Command> commands;
    private final PrintStream out;
    private final PrintStream err;

    CapacityTool(final List<Command> commands, final PrintStream out, final PrintStream err) {
        this.commands = commands;
        this.out = out;
        this.err = err;
    }

    public static void main(final String[] args) {
        System.exit(new CapacityTool(Commands.all(), System.out, System.err).run(args));
    }

    int run(final String[] args) {
        if (args.length == 0 || isHelp(args[0])) {
            Help.tool(commands, args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        final Command command = commands.stream().filter(c -> c.name().equals(args[0])).findFirst().orElse(null);
        if (command == null) {
            err.println("error: unknown command '" + args[0] + "'");
            err.println("run `" + Help.JAR + " --help` for the commands");
            return 2;
        }
        final String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (Arrays.stream(rest).anyMatch(CapacityTool::isHelp)) {
            Help.command(command, out);
            return 0;
        }
        try {
            command.run(Options.parse(command.name(), command.options(), rest), out);
            out.flush();
            return 0;
        } catch (final UsageException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("run `" + Help.JAR + " " + command.name() + " --help` for its options");
            return 2;
        } catch (final IOException e) {
            err.println("failed: " + e.getMessage());
            return 1;
        }
    }

    private static boolean isHelp(final String arg) {
        return "--help".equals(arg) || "-h".equals(arg) || "help".equals(arg);
    }
}
