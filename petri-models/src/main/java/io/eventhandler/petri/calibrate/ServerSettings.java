package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.Pools;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How {@link ServerProcess} starts the Event Handler: its jar and JVM options, the loopback port, the two pool sizes
 * the capacity model knows ({@code eh.worker.threads}, {@code eh.delivery.threads}), any further settings, and where
 * the stage recorder ({@code eh.calibration.*}) writes its samples when the server stops (null: recording off).
 * With {@code running} set, nothing is started: the server already running there is measured, with the pools the
 * user says it has.
 */
public record ServerSettings(Path jar, List<String> javaOptions, int port, Pools pools, Map<String, String> settings,
                             Path stagesFile, int stageSamples, URI running) {

    public ServerSettings {
        javaOptions = List.copyOf(javaOptions);
        settings = Map.copyOf(settings);
    }

    /** The same server with other pools, recording nothing. */
    public ServerSettings withPools(final Pools other) {
        return new ServerSettings(jar, javaOptions, port, other, settings, null, 0, running);
    }

    /** The same server, its stage recorder writing {@code samples} samples per stage to {@code file}. */
    public ServerSettings recording(final Path file, final int samples) {
        return new ServerSettings(jar, javaOptions, port, pools, settings, file, samples, running);
    }

    /** The server's environment overrides: {@code eh.delivery.threads} → {@code EH_DELIVERY_THREADS}. */
    public static String environmentName(final String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
