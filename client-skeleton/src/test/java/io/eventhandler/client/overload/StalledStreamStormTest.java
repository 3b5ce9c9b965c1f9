package io.eventhandler.client.overload;

import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server started with the README's JVM flags (a 128 MB heap that ends the process when it runs out) holds a
 * history of 1,024 events of 4 KB; then 1,500 clients open SSE streams that resume from its start and never read
 * more than their response's status line. Before the streams whose clients do not read had a memory budget, each
 * held up to a megabyte of queued writes and the process ran out of heap after a few hundred of them; now it lets in
 * what the budget holds, disconnects or refuses the rest (503), keeps serving, and a subscriber that reads gets the
 * next event. Real sockets and a real process; the kernel holds what the sockets buffer (TCP's own memory limit).
 */
@Tag("long")
class StalledStreamStormTest {

    private static final String TOPIC = "STORM";
    private static final int EVENTS = 1_024;
    private static final int STREAMS = 1_500;

    @Test
    void streamsThatResumeAndNeverReadDoNotExhaustTheHeapAndAReaderIsServed(@TempDir final Path dir)
            throws IOException {
        final int port = ServerProcess.freePorts(1)[0];
        final Map<String, String> settings = Map.of("server.port", Integer.toString(port),
                "eh.store.url", "jdbc:h2:mem:storm", "eh.max.body.bytes", "16384");
        final List<Socket> stalled = new ArrayList<>();
        try (ServerProcess server = ServerProcess.startWithJvmOptions(dir, "storm", settings, readmeJvmOptions());
             Socket reader = openStream(port, 0, "")) {
            final String payload = "x".repeat(4_000);
            for (int i = 1; i <= EVENTS; i++) {
                publish(server, i + ":" + payload);
            }
            final AtomicBoolean readerGotIt = new AtomicBoolean();
            final Thread reading = readInBackground(reader, "after-the-storm", readerGotIt);

            int ok = 0;
            int refused = 0;
            for (int i = 0; i < STREAMS; i++) {
                stalled.add(openStream(port, 4096, "Last-Event-ID: 0\r\n"));
            }
            for (final Socket socket : stalled) {
                final String status = statusLine(socket);
                if (status.contains(" 200 ")) {
                    ok++;
                } else if (status.contains(" 503 ")) {
                    refused++;
                }
            }
            assertTrue(server.alive(), "the server ran out of memory: " + tail(server.log()));
            final String statistics = server.get("/eventhandler/mgmt/statistics").body();
            assertTrue(refused > 0 || !statistics.contains("\"TOO_SLOW\":0"),
                    ok + " streams let in, none refused or disconnected: " + statistics);

            publish(server, "after-the-storm");
            Awaitility.await("the reader gets the event published after the storm").atMost(Duration.ofSeconds(30))
                    .until(readerGotIt::get);
            assertEquals(200, server.get("/eventhandler/echo").statusCode());
            assertTrue(server.alive(), tail(server.log()));
            reading.interrupt();
        } finally {
            for (final Socket socket : stalled) {
                socket.close();
            }
        }
    }

    /** What stands between {@code java} and {@code -jar} in the README's start command. */
    private static List<String> readmeJvmOptions() throws IOException {
        for (final String line : Files.readAllLines(Path.of("..", "README.md"))) {
            final int java = line.indexOf(" java ");
            final int jar = line.indexOf(" -jar eventhandler-server/target/eventhandler-server.jar");
            if (java >= 0 && jar > java) {
                return Arrays.asList(line.substring(java + " java ".length(), jar).trim().split(" +"));
            }
        }
        throw new IllegalStateException("no start command in README.md");
    }

    private static void publish(final ServerProcess server, final String payload) {
        final String body = "{\"eventType\":\"" + TOPIC + "\",\"source\":{\"systemName\":\"storm\",\"address\":"
                + "\"127.0.0.1\",\"port\":9000},\"payload\":\"" + payload + "\",\"timeStamp\":\"" + Instant.now()
                + "\"}";
        assertEquals(200, server.send("POST", "/eventhandler/publish", body).statusCode());
    }

    /** A stream request; a small receive buffer keeps what the kernel takes of its replay small. */
    private static Socket openStream(final int port, final int receiveBuffer, final String headers) {
        try {
            final Socket socket = new Socket();
            if (receiveBuffer > 0) {
                socket.setReceiveBufferSize(receiveBuffer);
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            final OutputStream out = socket.getOutputStream();
            out.write(("GET /eventhandler/subscription?eventtype=" + TOPIC + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Accept: text/event-stream\r\n" + headers + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return socket;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The response's first line, and nothing more of it; empty if the connection ended first. */
    private static String statusLine(final Socket socket) throws IOException {
        socket.setSoTimeout(30_000);
        final InputStream in = socket.getInputStream();
        final StringBuilder line = new StringBuilder();
        try {
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                line.append((char) b);
            }
        } catch (final SocketTimeoutException | java.net.SocketException e) {
            return "";
        }
        return line.toString();
    }

    private static Thread readInBackground(final Socket socket, final String wanted, final AtomicBoolean seen) {
        final Thread thread = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains(wanted)) {
                        seen.set(true);
                    }
                }
            } catch (final IOException e) {
                // the stream ended: the test finds that it did not see the event
            }
        }, "storm-reader");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static String tail(final String log) {
        return log.length() > 4_000 ? log.substring(log.length() - 4_000) : log;
    }
}
