package io.eventhandler.petri.cli;

import java.util.List;

/** The tool's commands, in the order its help lists them. */
final class Commands {

    private Commands() {
    }

    static List<Command> all() {
        final List<Command> commands = new java.util.ArrayList<>(List.of(new CalibrateCommand(), new PredictCommand(),
                new CompareCommand()));
        commands.addAll(NetCommand.all());
        return List.copyOf(commands);
    }
}
