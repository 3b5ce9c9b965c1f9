package io.eventhandler.petri.calibrate;

import java.nio.file.Files;
import java.nio.file.Path;

/** The {@code java} launcher of the JVM running this tool, so that the server and the generator run on the same. */
final class JavaCommand {

    private JavaCommand() {
    }

    static String java() {
        final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return Files.isExecutable(java) ? java.toString() : "java";
    }
}
