package io.eventhandler.server.testing;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one), in this JVM, from the
 * {@code kafka_2.13} artifact: what the bridge's tests produce to and consume from. It can be stopped and started again
 * on the same port and log directory (Kafka down and back).
 */
public final class KafkaTestBroker implements AutoCloseable {

    private final Path dir;
    private final int port;
    private final int controllerPort;
    private KafkaRaftServer server;

    private KafkaTestBroker(final Path dir, final int port, final int controllerPort) {
        this.dir = dir;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    private static KafkaTestBroker shared;

    /**
     * The broker the test classes of this JVM share (started at the first call, closed when the JVM exits): one
     * start, about four seconds on a loaded 2-core machine, for the whole run.
     */
    public static synchronized KafkaTestBroker shared() {
        if (shared == null) {
            shared = start();
            final KafkaTestBroker broker = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "kafka-test-broker-stop"));
        }
        return shared;
    }

    /** Formats a fresh log directory under a new temporary directory and starts the broker on free ports. */
    public static KafkaTestBroker start() {
        try {
            return start(freePort(), freePort());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #start()}, on these ports (a broker of its own process for a measurement). */
    public static KafkaTestBroker start(final int port, final int controllerPort) {
        try {
            final KafkaTestBroker broker = new KafkaTestBroker(Files.createTempDirectory("eh-kafka-"), port,
                    controllerPort);
            broker.format();
            broker.startAgain();
            return broker;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private Properties properties() {
        final Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", dir.resolve("logs").toString());
        p.put("num.partitions", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("num.network.threads", "1");
        p.put("num.io.threads", "2");
        p.put("background.threads", "2");
        return p;
    }

    private void format() {
        final KafkaConfig config = KafkaConfig.fromProps(properties(), false);
        final String logs = dir.resolve("logs").toString();
        try {
            new Formatter().setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setClusterId(Uuid.randomUuid().toString()).setNodeId(config.nodeId())
                    .setControllerListenerName("CONTROLLER").setMetadataLogDirectory(logs)
                    .setDirectories(List.of(logs)).setReleaseVersion(MetadataVersion.latestProduction())
                    .run();
        } catch (final Exception e) {
            throw new IllegalStateException("cannot format the test broker's log directory", e);
        }
    }

    /** Starts the broker (again) on its port and log directory. */
    public synchronized void startAgain() {
        if (server != null) {
            return;
        }
        server = new KafkaRaftServer(KafkaConfig.fromProps(properties(), false), Time.SYSTEM);
        server.startup();
    }

    /** Stops the broker; what it wrote stays for {@link #startAgain()}. */
    public synchronized void stop() {
        if (server != null) {
            server.shutdown();
            server.awaitShutdown();
            server = null;
        }
    }

    /** {@code 127.0.0.1:port} for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    @Override
    public void close() {
        stop();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
