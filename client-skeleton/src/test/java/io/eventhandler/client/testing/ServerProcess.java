package io.eventhandler.client.testing;

import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Event Handler in its own JVM ({@code java -cp <test class path> EventHandlerMain --config FILE}), so that a
 * test can kill it with SIGKILL as a crash would: no shutdown hook, no closing of sockets by the JVM.
 */
public final class ServerProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1)).build();

    private final String name;
    private final int port;
    private final Path log;
    private final Process process;

    private ServerProcess(final String name, final int port, final Path log, final Process process) {
        this.name = name;
        this.port = port;
        this.log = log;
        this.process = process;
    }

    /**
     * Start one and wait until it answers echo.
     *
     * @param dir      where its configuration and log go
     * @param settings configuration keys ({@code server.port} must be among them)
     */
    public static ServerProcess start(final Path dir, final String name, final Map<String, String> settings) {
        return start(dir, name, settings, 0);
    }

    /**
     * Start one whose files may not grow beyond {@code maxFileBlocks} (the shell's {@code ulimit -f}, 512- or
     * 1024-byte blocks; 0 = no limit): a write past it fails with "File too large", as on a full disk (the JVM
     * ignores SIGXFSZ), and the process goes on. Needs {@code /bin/sh}. Only the soft limit is set, so that
     * {@link #liftFileSizeLimit()} can give the room back, as an operator freeing disk space does.
     */
    public static ServerProcess start(final Path dir, final String name, final Map<String, String> settings,
                                      final long maxFileBlocks) {
        return start(dir, name, settings, maxFileBlocks, List.of("-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1"));
    }

    /** Start one with these JVM options (the heap and collector among them) instead of the tests' defaults. */
    public static ServerProcess startWithJvmOptions(final Path dir, final String name,
                                                    final Map<String, String> settings,
                                                    final List<String> jvmOptions) {
        return start(dir, name, settings, 0, jvmOptions);
    }

    private static ServerProcess start(final Path dir, final String name, final Map<String, String> settings,
                                       final long maxFileBlocks, final List<String> jvmOptions) {
        final int port = Integer.parseInt(settings.get("server.port"));
        try {
            final Path config = dir.resolve(name + ".properties");
            final StringBuilder text = new StringBuilder();
            settings.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
            Files.writeString(config, text);
            final Path log = dir.resolve(name + ".log");
            final List<String> command = new ArrayList<>();
            command.add(javaBinary());
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", classPath(), "io.eventhandler.server.EventHandlerMain", "--config",
                    config.toString()));
            if (maxFileBlocks > 0) {
                command.addAll(0, List.of("/bin/sh", "-c", "ulimit -S -f " + maxFileBlocks + " && exec \"$@\"", "sh"));
            }
            final Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            final ServerProcess server = new ServerProcess(name, port, log, process);
            try {
                Awaitility.await(name + " answers").atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(50)).until(() -> {
                            if (!process.isAlive()) {
                                throw new IllegalStateException(name + " exited at start:\n" + server.log());
                            }
                            return server.answers();
                        });
            } catch (final RuntimeException e) {
                server.close();
                throw new IllegalStateException(name + " did not start: " + command + "\n" + server.log(), e);
            }
            return server;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Two free loopback ports. */
    public static int[] freePorts(final int count) {
        final List<ServerSocket> sockets = new ArrayList<>();
        try {
            final int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                final ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (final ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (final IOException ignored) {
                    // closing a probe socket
                }
            }
        }
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public int port() {
        return port;
    }

    /** SIGKILL, as a crash: the JVM runs nothing more. */
    public void kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + " survived SIGKILL");
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lifts the file size limit of {@link #start(Path, String, Map, long)} while it runs ({@code prlimit}). */
    public void liftFileSizeLimit() {
        run(List.of("prlimit", "--pid", Long.toString(process.pid()), "--fsize=unlimited:"));
    }

    /** SIGSTOP: the process stands still (a long GC, a frozen VM); its sockets stay open. */
    public void pause() {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause()}. */
    public void resume() {
        signal("CONT");
    }

    private void signal(final String name) {
        run(List.of("kill", "-" + name, Long.toString(process.pid())));
    }

    private static void run(final List<String> command) {
        try {
            final Process tool = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!tool.waitFor(10, TimeUnit.SECONDS) || tool.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: "
                        + new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGTERM, as a process manager stops it: the JVM runs its shutdown hook (the orderly stop). */
    public void terminate() {
        process.destroy();
    }

    /** Wait for the process to end (after {@link #terminate}); false if it still runs after {@code limit}. */
    public boolean awaitExit(final Duration limit) {
        try {
            return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** CPU time the process used so far (user + system), from /proc; -1 where there is none. */
    public long cpuMillis() {
        try {
            final String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            // the fields after the command name (which may contain spaces) start after the last ')'
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            final long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
            return ticks * 1000 / 100; // USER_HZ is 100 on Linux
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** GET a path, as text (status and body), or null when it does not answer. */
    public HttpResponse<String> get(final String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(baseUri().resolve(path)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            return null;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Any request with a JSON body. */
    public HttpResponse<String> send(final String method, final String path, final String json) {
        try {
            return HTTP.send(HttpRequest.newBuilder(baseUri().resolve(path)).timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private boolean answers() {
        final HttpResponse<String> echo = get("/eventhandler/echo");
        return echo != null && echo.statusCode() == 200;
    }

    /** What it wrote so far. */
    public String log() {
        try {
            return Files.readString(log);
        } catch (final IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Surefire runs tests from a manifest-only jar; the real class path is in this property. */
    private static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
