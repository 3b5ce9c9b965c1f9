package io.eventhandler.client.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.client.testing.LocalCloud5;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example application in an Arrowhead 5 cloud (the real Event Handler, the 5.2.0 core doubles): it pulls the
 * Event Handler from the orchestrator as {@code --system}, declared or logged in, and receives its own events both
 * ways, the rules it needs written as docs/arrowhead-5.md says.
 */
class ExampleInArrowhead5CloudTest {

    @TempDir
    Path dataDir;

    private static int run(final LocalCloud5 cloud, final ByteArrayOutputStream output, final String... more) {
        final String[] args = new String[more.length + 8];
        System.arraycopy(new String[] {"--service-orchestration", cloud.orchestrator().toString(), "--event-type",
                "temperatureReading", "--count", "3", "--timeout", "30"}, 0, args, 0, 8);
        System.arraycopy(more, 0, args, 8, more.length);
        return ExampleApplication.run(args, new PrintStream(output, true, StandardCharsets.UTF_8),
                new PrintStream(output, true, StandardCharsets.UTF_8));
    }

    private static void rulesFor(final LocalCloud5 cloud, final String system) {
        cloud.orchestrateEventHandlerTo(system, system);
        cloud.authorization.grant(system, "temperatureReading", system);
    }

    @Test
    void declared() {
        try (LocalCloud5 cloud = new LocalCloud5(LocalCloud5.Mode.DECLARED, dataDir)) {
            rulesFor(cloud, "ExampleSystem");
            final ByteArrayOutputStream output = new ByteArrayOutputStream();

            final int status = run(cloud, output, "--system", "ExampleSystem");

            final String text = output.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, text);
            assertTrue(text.contains("named by the Arrowhead 5 orchestration"), text);
            assertTrue(text.contains("OK: published 3, received 3 via SSE and 3 via webhook"), text);
        }
    }

    @Test
    void outsourced() {
        try (LocalCloud5 cloud = new LocalCloud5(LocalCloud5.Mode.OUTSOURCED, dataDir)) {
            rulesFor(cloud, LocalCloud5.DASHBOARD);
            final ByteArrayOutputStream output = new ByteArrayOutputStream();

            final int status = run(cloud, output, "--system", LocalCloud5.DASHBOARD, "--authentication",
                    cloud.authenticationUri().toString(), "--system-password", LocalCloud5.PASSWORD);

            final String text = output.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, text);
            assertTrue(text.contains("OK: published 3, received 3 via SSE and 3 via webhook"), text);
            assertTrue(cloud.authentication.logouts().contains(LocalCloud5.DASHBOARD));
        }
    }

    @Test
    void theFiveOptionsAreCheckedTogether() {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);

        assertEquals(2, ExampleApplication.run(new String[] {"--system", "ExampleSystem"}, print, print));
        assertEquals(2, ExampleApplication.run(new String[] {"--service-orchestration", "http://127.0.0.1:8441"},
                print, print));
        assertEquals(2, ExampleApplication.run(new String[] {"--service-orchestration", "http://127.0.0.1:8441",
                "--system", "ExampleSystem", "--authentication", "http://127.0.0.1:8444"}, print, print));
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("--authentication and --system-password go"
                + " together"));
    }
}
