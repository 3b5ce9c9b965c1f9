package io.eventhandler.benchmarks.frame;

import io.eventhandler.benchmarks.scale.ServerProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The backup Event Handler of a run, as a JVM of its own (as FRAME's Backup had a host of its own): its CPU is then
 * not the primary's, and it can be read from {@code /proc}. Started from this process's class path, which holds the
 * server (the benchmarks jar is shaded with it).
 */
final class BackupProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final Path config;
    private final Path log;

    private BackupProcess(final Process process, final Path config, final Path log) {
        this.process = process;
        this.config = config;
        this.log = log;
    }

    /**
     * Starts a server with {@code settings} (a configuration file's keys) and waits until it answers its echo.
     *
     * @param port the port it listens on
     */
    static BackupProcess start(final Map<String, String> settings, final int port)
            throws IOException, InterruptedException {
        final Properties properties = new Properties();
        properties.putAll(settings);
        properties.put("server.port", Integer.toString(port));
        final Path config = Files.createTempFile("frame-backup", ".properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            properties.store(out, "backup of a FRAME topic-mix run");
        }
        final Path log = Files.createTempFile("frame-backup", ".log");
        final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC", "-Xms1g", "-Xmx1g", "-cp", classPath(),
                "io.eventhandler.server.EventHandlerMain", "--config", config.toString()));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        final BackupProcess backup = new BackupProcess(process, config, log);
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        final URI echo = URI.create("http://127.0.0.1:" + port + "/eventhandler/echo");
        while (!backup.answers(echo)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                backup.close();
                throw new IOException("the backup did not start; its log: " + log);
            }
            Thread.sleep(100);
        }
        return backup;
    }

    /** Surefire runs tests from a manifest-only jar and gives the real class path in this property. */
    private static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private boolean answers(final URI echo) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(echo).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (final IOException e) {
            return false;
        }
    }

    /** CPU time the process used so far (user + system), from {@code /proc}; -1 where there is none. */
    long cpuMillis() {
        try {
            return new ServerProcess(process.pid()).sample().cpuMillis();
        } catch (final IllegalStateException e) {
            return -1; // the process is gone
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try {
            Files.deleteIfExists(config);
            Files.deleteIfExists(log);
        } catch (final IOException ignored) {
            // a temporary file left behind
        }
    }
}
