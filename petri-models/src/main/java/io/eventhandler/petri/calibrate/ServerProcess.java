package io.eventhandler.petri.calibrate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
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
import java.util.concurrent.TimeUnit;

/**
 * The Event Handler as a process of its own, started from its jar in a working directory of its own (its H2 store
 * and logs go there), on loopback, with the pools and the stage recorder the calibration asks for. Stopped with
 * SIGTERM, so that the stage recorder writes its file. Or a server already running on this machine
 * ({@link #attach}): then it is only measured, never stopped.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServerProcess.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** The server this tool started, or null for one it attached to. */
    private final Process process;
    private final long pid;
    private final URI url;

    private ServerProcess(final Process process, final long pid, final URI url) {
        this.process = process;
        this.pid = pid;
        this.url = url;
    }

    /**
     * A server someone else started on this machine, listening at {@code url} (its CPU accounting needs its process:
     * found by the port it listens on). Its stage samples stay with it: it writes them when it stops.
     */
    public static ServerProcess attach(final URI url) throws IOException {
        final int port = url.getPort() > 0 ? url.getPort() : 80;
        if (!List.of("127.0.0.1", "localhost", "[::1]").contains(url.getHost())) {
            throw new IOException("--url must be a server on this machine (127.0.0.1 or localhost): its threads' CPU "
                    + "time is read from /proc");
        }
        final long pid = ListeningProcess.of(port).orElseThrow(() -> new IOException("no process of this user "
                + "listens on port " + port + "; start the server first (with eh.calibration.enabled=true)"));
        final ServerProcess server = new ServerProcess(null, pid, url);
        server.awaitReady(null);
        LOG.info("using the running server pid {} on {}", pid, url);
        return server;
    }

    public static ServerProcess start(final ServerSettings settings, final Path workDir) throws IOException {
        Files.createDirectories(workDir);
        final List<String> command = new ArrayList<>();
        command.add(JavaCommand.java());
        command.addAll(settings.javaOptions());
        command.add("-jar");
        command.add(settings.jar().toAbsolutePath().toString());
        final ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("server.log").toFile());
        final Map<String, String> env = builder.environment();
        env.put("SERVER_ADDRESS", "127.0.0.1");
        env.put("SERVER_PORT", Integer.toString(settings.port()));
        env.put("EH_WORKER_THREADS", Integer.toString(settings.pools().workers()));
        env.put("EH_DELIVERY_THREADS", Integer.toString(settings.pools().delivery()));
        env.put("EH_STORE_URL", "jdbc:h2:mem:capacity");
        // the model's two pools: every publish on a worker, every event by a delivery thread, idle threads sleeping
        // at once (the model charges every hand-off a wake-up); --set overrides
        env.put("EH_HTTP_PUBLISH_ON_SELECTOR", "false");
        env.put("EH_DELIVERY_INLINE_MAX_SUBSCRIBERS", "0");
        env.put("EH_SELECTOR_SPIN_MICROS", "0");
        env.put("EH_DELIVERY_SPIN_MICROS", "0");
        if (settings.stagesFile() != null) {
            env.put("EH_CALIBRATION_ENABLED", "true");
            env.put("EH_CALIBRATION_FILE", settings.stagesFile().toAbsolutePath().toString());
            env.put("EH_CALIBRATION_SAMPLES", Integer.toString(settings.stageSamples()));
        }
        settings.settings().forEach((key, value) -> env.put(ServerSettings.environmentName(key), value));
        final Process started = builder.start();
        final ServerProcess server = new ServerProcess(started, started.pid(),
                URI.create("http://127.0.0.1:" + settings.port()));
        server.awaitReady(workDir);
        LOG.info("server {} (pid {}) ready on {}, pools {}", settings.jar().getFileName(), server.pid(), server.url,
                settings.pools());
        return server;
    }

    private void awaitReady(final Path workDir) throws IOException {
        final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        final HttpRequest echo = HttpRequest.newBuilder(url.resolve("/eventhandler/echo"))
                .timeout(Duration.ofSeconds(2)).build();
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (process != null && !process.isAlive()) {
                throw new IOException("the server exited with status " + process.exitValue() + " before it was ready; "
                        + "see " + workDir.resolve("server.log"));
            }
            try {
                if (client.send(echo, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (final IOException notYet) {
                // not listening yet
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the server", e);
            }
            sleep(200);
        }
        close();
        throw new IOException("the server did not answer on " + url + " within " + START_TIMEOUT.toSeconds() + " s"
                + (workDir == null ? "" : "; see " + workDir.resolve("server.log")));
    }

    public long pid() {
        return pid;
    }

    /** Whether this tool started the server (and stops it). */
    public boolean started() {
        return process != null;
    }

    public URI url() {
        return url;
    }

    /** SIGTERM, and up to 30 s for the server to write its stage samples and exit; then SIGKILL. Not an attached one. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                LOG.warn("server pid {} did not stop within 30 s after SIGTERM; killing it", pid());
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (final InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
