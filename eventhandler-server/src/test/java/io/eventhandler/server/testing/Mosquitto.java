package io.eventhandler.server.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A real Eclipse Mosquitto (the Debian package) on 127.0.0.1 and an ephemeral port, with a generated configuration:
 * anonymous clients, sessions and queued messages kept on disk (so a restart after kill -9 keeps what it had saved).
 * Tests call {@link #assumeAvailable()} first: without the binary they are skipped, or fail with
 * {@code EH_REQUIRE_MOSQUITTO=1} (CI installs it with .ci/install-mosquitto.sh).
 */
public final class Mosquitto implements AutoCloseable {

    private static final List<Path> CANDIDATES = List.of(Path.of("/usr/sbin/mosquitto"), Path.of("/usr/bin/mosquitto"),
            Path.of("/usr/local/sbin/mosquitto"), Path.of("/usr/local/bin/mosquitto"));

    private final Path binary;
    private final Path dir;
    private final int port;
    private final List<String> tls;
    private Process process;

    private Mosquitto(final Path binary, final Path dir, final int port, final List<String> tls) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.tls = tls;
    }

    private static Optional<Path> binary() {
        return CANDIDATES.stream().filter(Files::isExecutable).findFirst();
    }

    /** Skips the test without mosquitto, unless {@code EH_REQUIRE_MOSQUITTO=1}: then it fails. */
    public static void assumeAvailable() {
        if (binary().isPresent()) {
            return;
        }
        final String message = "mosquitto not found (" + CANDIDATES + "); install the Debian package mosquitto,"
                + " e.g. with .ci/install-mosquitto.sh";
        if ("1".equals(System.getenv("EH_REQUIRE_MOSQUITTO"))) {
            Assertions.fail(message + " (EH_REQUIRE_MOSQUITTO=1)");
        }
        Assumptions.abort(message);
    }

    /** A broker listening on a free port, its files in {@code dir}. */
    public static Mosquitto start(final Path dir) {
        assumeAvailable();
        final Mosquitto broker = new Mosquitto(binary().orElseThrow(), dir, freePort(), List.of());
        broker.write();
        broker.launch();
        return broker;
    }

    /**
     * A broker that takes only TLS with a client certificate the cloud issued (the test cloud's CA and master in
     * {@code cafile}), as a 5.x cloud's broker in the {@code certificate} policy; its own certificate is the cloud's
     * {@code Broker} (SAN 127.0.0.1). The client certificate's CN is the MQTT user name.
     */
    public static Mosquitto startTls(final Path dir) {
        assumeAvailable();
        final TestCloud cloud = TestCloud.get();
        try {
            Files.createDirectories(dir);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        final Path ca = dir.resolve("ca.pem");
        final Path chain = dir.resolve("broker-chain.pem");
        final Path key = dir.resolve("broker-key.pem");
        Pem.writeTrustStore(cloud.trustStoreWithMaster(), ca);
        Pem.writeKeyStore(cloud.arrowhead5KeyStore("Broker", "sy"), chain, key);
        final Mosquitto broker = new Mosquitto(binary().orElseThrow(), dir, freePort(), List.of(
                "cafile " + ca.toAbsolutePath(), "certfile " + chain.toAbsolutePath(),
                "keyfile " + key.toAbsolutePath(), "require_certificate true", "use_identity_as_username true"));
        broker.write();
        broker.launch();
        return broker;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write() {
        final List<String> lines = new java.util.ArrayList<>(List.of(
                "listener " + port + " 127.0.0.1",
                "allow_anonymous true",
                "persistence true",
                "persistence_location " + dir.toAbsolutePath() + "/",
                "autosave_interval 1",
                "autosave_on_changes true",
                "max_queued_messages 10000",
                "log_dest file " + dir.resolve("mosquitto.log").toAbsolutePath(),
                "log_type all",
                // run as root it would switch to user mosquitto, who cannot write here
                "user " + System.getProperty("user.name")));
        lines.addAll(tls);
        final String config = String.join("\n", lines) + "\n";
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("mosquitto.conf"), config);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch() {
        try {
            process = new ProcessBuilder(binary.toString(), "-c", dir.resolve("mosquitto.conf").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        await("mosquitto listening on " + port).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(this::accepting);
    }

    private boolean accepting() {
        if (!process.isAlive()) {
            throw new IllegalStateException("mosquitto exited: see " + dir.resolve("stdout.log"));
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (final IOException e) {
            return false;
        }
    }

    /** How often it has written its in-memory database (sessions, subscriptions, queues) to disk so far. */
    public long saves() {
        try {
            final Path log = dir.resolve("mosquitto.log");
            return Files.exists(log) ? Files.readAllLines(log).stream()
                    .filter(line -> line.contains("Saving in-memory database")).count() : 0;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** {@code tcp://127.0.0.1:<port>}, or {@code ssl://...} for a TLS broker. */
    public String url() {
        return (tls.isEmpty() ? "tcp" : "ssl") + "://127.0.0.1:" + port;
    }

    /** kill -9: the broker is gone at once, with what it had not saved. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Start again on the same port, from what it saved. */
    public void restart() {
        launch();
    }

    /** SIGSTOP: connections stay open, nothing is answered. */
    public void pause() {
        signal("STOP");
    }

    /** SIGCONT. */
    public void resume() {
        signal("CONT");
    }

    private void signal(final String name) {
        try {
            final Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + name + " failed");
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            resume();
            kill();
        }
    }
}
