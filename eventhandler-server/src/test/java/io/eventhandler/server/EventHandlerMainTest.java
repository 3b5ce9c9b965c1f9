package io.eventhandler.server;

import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.store.SubscriptionStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's command line as an operator meets it: {@code --help}, {@code --check-config}'s listing, and the
 * problems an operator can fix (a misspelt setting, a port or a store another process holds), each one plain
 * message with exit status 2 instead of a stack trace.
 */
class EventHandlerMainTest {

    /** What one launch printed and returned. */
    private record Run(int status, String out, String err, EventHandlerServer server) {
    }

    private static Run launch(final Map<String, String> environment, final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final EventHandlerMain.Outcome outcome = EventHandlerMain.launch(args, environment,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(outcome.status(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                outcome.server());
    }

    /** The environment of a server that keeps nothing on disk, plus {@code more}. */
    private static Map<String, String> inMemory(final String... more) {
        final Map<String, String> environment = new HashMap<>();
        environment.put("EH_STORE_URL", "jdbc:h2:mem:main-" + UUID.randomUUID());
        for (int i = 0; i < more.length; i += 2) {
            environment.put(more[i], more[i + 1]);
        }
        return environment;
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() {
        final Run run = launch(Map.of(), "--help");
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith(
                "Usage: java -jar eventhandler-server.jar [--config FILE] [--check-config] [--help]\n"), run.out());
        assertTrue(run.out().contains("--check-config"), run.out());
        assertEquals("", run.err());
        assertNull(run.server());
    }

    @Test
    void anUnknownArgumentIsExitTwoPointingAtHelp() {
        final Run run = launch(Map.of(), "--port", "1");
        assertEquals(2, run.status());
        assertEquals("unknown argument --port; --help lists the options\n", run.err());
    }

    @Test
    void checkConfigListsKeyValueAndSourceWithoutStarting(@TempDir final Path dir) throws IOException {
        final int port = freePort();
        final Path file = dir.resolve("check.properties");
        Files.writeString(file, "server.port=" + port + "\n");
        final Run run = launch(Map.of("EH_SSE_RETRY_MS", "3000", "PATH", "/bin"), "--config", file.toString(),
                "--check-config");
        assertEquals(0, run.status(), run.err());
        assertNull(run.server(), "nothing started");
        final List<String> lines = run.out().lines().toList();
        assertEquals(List.of("KEY", "VALUE", "SOURCE"), columns(lines.get(0)));
        assertTrue(lines.contains(line(lines, "server.port")), run.out());
        assertEquals(List.of("server.port", Integer.toString(port), "file"), columns(line(lines, "server.port")));
        assertEquals(List.of("eh.sse.retry.ms", "3000", "environment"), columns(line(lines, "eh.sse.retry.ms")));
        assertEquals(List.of("eh.history.size", "1024", "default"), columns(line(lines, "eh.history.size")));
        assertTrue(lines.stream().noneMatch(l -> l.contains("INFO") || l.contains("=")), "a listing, not log lines");
        try (Socket socket = new Socket()) {
            assertThrows(IOException.class, () -> socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000),
                    "nothing listens on the configured port");
        }
    }

    @Test
    void aMisspeltEnvironmentVariableIsExitTwoWithTheNearestName() {
        final Run run = launch(Map.of("EH_SSE_RETRY_MSEC", "3000"), "--check-config");
        assertEquals(2, run.status());
        assertEquals("""
                invalid configuration:
                  environment variable EH_SSE_RETRY_MSEC is not a known setting (did you mean EH_SSE_RETRY_MS?)
                """, run.err());
    }

    @Test
    void aPortInUseIsOneSentenceNamingThePortAndItsKeyExitTwo() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final int port = taken.getLocalPort();
            final Run run = launch(inMemory("SERVER_PORT", Integer.toString(port)));
            if (run.server() != null) {
                run.server().close();
            }
            assertEquals(2, run.status(), run.err());
            assertEquals("Port " + port + " on 127.0.0.1 is already in use by another process: stop that process, "
                    + "or choose another port with server.port (environment variable SERVER_PORT).\n", run.err());
        }
    }

    @Test
    void aStoreAnotherInstanceHoldsNamesTheDirectoryAndItsKeyExitTwo(@TempDir final Path dir) throws IOException {
        final String url = "jdbc:h2:file:" + dir.resolve("data").resolve("eventhandler");
        SubscriptionStore.open(new StoreConfiguration(url, "", "")).close(); // the files exist
        final Path databaseFile = dir.resolve("data").resolve("eventhandler.mv.db");
        // the lock H2 takes on its file, held here as another process would hold it
        try (FileChannel channel = FileChannel.open(databaseFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock lock = channel.lock()) {
            final Run run = launch(Map.of("EH_STORE_URL", url, "SERVER_PORT", "0"));
            if (run.server() != null) {
                run.server().close();
            }
            assertEquals(2, run.status(), run.err());
            assertEquals("Another Event Handler instance holds the subscription store " + dir.resolve("data")
                    + ": stop that instance, or give this one its own store with eh.store.url (environment variable "
                    + "EH_STORE_URL), e.g. jdbc:h2:file:./data2/eventhandler.\n", run.err());
        }
    }

    private static String line(final List<String> lines, final String key) {
        return lines.stream().filter(l -> l.startsWith(key + " ")).findFirst().orElseThrow();
    }

    private static List<String> columns(final String line) {
        return Arrays.asList(line.trim().split("\\s+"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }
}
