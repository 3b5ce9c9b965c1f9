package io.eventhandler.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Files a server under test is configured with (graphs, topic QoS), deleted when the JVM exits. */
public final class TestFiles {

    private TestFiles() {
    }

    /** A temporary file holding {@code text}; usable in a static initialiser. */
    public static Path temporary(final String prefix, final String text) {
        try {
            final Path file = Files.createTempFile(prefix, ".json");
            Files.writeString(file, text);
            file.toFile().deleteOnExit();
            return file;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
