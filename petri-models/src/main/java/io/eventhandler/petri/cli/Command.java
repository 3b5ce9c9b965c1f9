package io.eventhandler.petri.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** One sub-command of {@code eventhandler-capacity.jar}. */
interface Command {

    String name();

    /** One line for the tool's overview. */
    String summary();

    /** What the command does, printed above its options by {@code --help}. */
    String description();

    List<Option> options();

    /** Runs with parsed options; stdout is the answer, progress goes to the log (stderr). */
    void run(Options options, PrintStream out) throws UsageException, IOException;
}
