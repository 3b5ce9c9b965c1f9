package io.eventhandler.benchmarks.kafka;

import io.eventhandler.server.testing.KafkaTestBroker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A single-node Kafka broker (KRaft, the tests' {@link KafkaTestBroker}) as a process of its own, for
 * {@link KafkaExportBenchmark} {@code --bootstrap}: the broker's work then runs outside the measured JVM (and can be
 * pinned to a core of its own with {@code taskset}). It writes its bootstrap address to {@code --ready FILE} once it
 * serves, and stops when its standard input ends.
 *
 * <p>{@code java -cp ... io.eventhandler.benchmarks.kafka.KafkaBrokerProcess --port P --controller-port C --ready F}
 */
public final class KafkaBrokerProcess {

    private KafkaBrokerProcess() {
    }

    public static void main(final String[] args) throws IOException {
        final Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        try (KafkaTestBroker broker = KafkaTestBroker.start(Integer.parseInt(options.get("port")),
                Integer.parseInt(options.get("controller-port")))) {
            Files.writeString(Path.of(options.get("ready")), broker.bootstrapServers());
            final InputStream in = System.in;
            while (in.read() >= 0) {
                // runs until its standard input ends
            }
        }
    }
}
