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
 * SIGTERM, so that the stage recorder writes its file.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServerProcess.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final URI url;

    private ServerProcess(final Process process, final URI url) {
        this.process = process;
        this.url = url;
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
        if (settings.stagesFile() != null) {
            env.put("EH_CALIBRATION_ENABLED", "true");
            env.put("EH_CALIBRATION_FILE", settings.stagesFile().toAbsolutePath().toString());
            env.put("EH_CALIBRATION_SAMPLES", Integer.toString(settings.stageSamples()));
        }
        settings.settings().forEach((key, value) -> env.put(ServerSettings.environmentName(key), value));
        final ServerProcess server = new ServerProcess(builder.start(),
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
            if (!process.isAlive()) {
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
        throw new IOException("the server did not answer on " + url + " within " + START_TIMEOUT.toSeconds() + " s; see "
                + workDir.resolve("server.log"));
    }

    public long pid() {
        return process.pid();
    }

    public URI url() {
        return url;
    }

    /** SIGTERM, and up to 30 s for the server to write its stage samples and exit; then SIGKILL. */
    @Override
    public void close() {
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
