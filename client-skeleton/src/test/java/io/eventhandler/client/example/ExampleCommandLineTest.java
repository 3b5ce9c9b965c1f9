package io.eventhandler.client.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The example's command line: {@code --help} is the usage and exit 0, a wrong option the usage and exit 2. */
class ExampleCommandLineTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args) {
        return ExampleApplication.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith(
                "usage: java -jar eventhandler-example.jar [--url http://127.0.0.1:8455]"), out::toString);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("--count", "3", "-h"), "anywhere on the line");
    }

    @Test
    void anUnknownOptionPrintsTheProblemAndTheUsageAndExitsTwo() {
        assertEquals(2, run("--bogus", "1"));
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("unknown option --bogus\nusage: java -jar eventhandler-example.jar"), text);
    }
}
