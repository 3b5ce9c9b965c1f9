package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the server's and the load generator's runnable jars when they are not named: next to this tool's jar (a
 * copy on a board), or where a build of the repository puts them ({@code <module>/target/<name>.jar}), from this
 * tool's jar or from the working directory.
 */
public final class Jars {

    private Jars() {
    }

    public static Path server(final String given) throws IOException {
        return locate(given, "eventhandler-server", "eventhandler-server.jar", "--server-jar");
    }

    public static Path loadGenerator(final String given) throws IOException {
        return locate(given, "benchmarks", "benchmarks.jar", "--loadgen-jar");
    }

    private static Path locate(final String given, final String module, final String name, final String option)
            throws IOException {
        if (given != null) {
            final Path path = Path.of(given);
            if (!Files.isRegularFile(path)) {
                throw new IOException(option + " " + given + ": no such file");
            }
            return path;
        }
        final List<Path> candidates = new ArrayList<>();
        final Path here = toolDirectory();
        if (here != null) {
            candidates.add(here.resolve(name));
            candidates.add(here.resolve("..").resolve("..").resolve(module).resolve("target").resolve(name));
        }
        candidates.add(Path.of(module, "target", name));
        candidates.add(Path.of(name));
        for (final Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate.normalize();
            }
        }
        throw new IOException("cannot find " + name + " (looked at " + candidates + "); build it with `mvn -B -q "
                + "package -DskipTests` or name it with " + option);
    }

    /** The directory of the jar (or class folder) this tool runs from. */
    private static Path toolDirectory() {
        try {
            final Path location = Path.of(Jars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isDirectory(location) ? location : location.getParent();
        } catch (final URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
    }
}
