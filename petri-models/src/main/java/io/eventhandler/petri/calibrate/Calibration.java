package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.LoadShape;
import io.eventhandler.petri.capacity.ServerCurve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code calibrate}: one or more fresh servers, one after the other, each driven by the same plan with its stage
 * recorder on; the result is one {@link CapacityModel}. Each server's files stay in {@code dir/server-N}.
 */
public final class Calibration {

    private static final Logger LOG = LoggerFactory.getLogger(Calibration.class);
    /** Stage samples kept per stage: about the last two rates' worth at the rates seen here. */
    private static final int STAGE_SAMPLES = 1_000_000;

    private final ServerSettings server;
    private final GeneratorSettings generator;
    private final LoadShape load;
    private final CalibrationPlan plan;

    public Calibration(final ServerSettings server, final GeneratorSettings generator, final LoadShape load,
                       final CalibrationPlan plan) {
        this.server = server;
        this.generator = generator;
        this.load = load;
        this.plan = plan;
    }

    public CapacityModel run(final int servers, final Path dir) throws IOException {
        if (server.running() != null && servers > 1) {
            throw new IllegalArgumentException("with a running server (--url) there is one server to measure; fresh "
                    + "servers (--servers N) are started by the tool");
        }
        final List<ServerCurve> curves = new ArrayList<>();
        final List<Path> stageFiles = new ArrayList<>();
        for (int i = 1; i <= servers; i++) {
            final Path serverDir = dir.resolve("server-" + i);
            final Path stages = serverDir.resolve("stages.csv").toAbsolutePath();
            stageFiles.add(stages);
            LOG.info("calibration server {} of {}: pools {}, {} publishers, fan-out {}", i, servers, server.pools(),
                    load.publishers(), load.subscribers());
            final ServerSettings recording = server.recording(stages, STAGE_SAMPLES);
            curves.add(new ServerCalibration(recording, generator, load, plan).run(serverDir));
        }
        return new CapacityModel(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), machine(),
                Runtime.getRuntime().availableProcessors(), server.pools(), load, generator.runs(),
                generator.seconds(), StageFile.shape(stageFiles), curves);
    }

    /** The CPU model and the kernel, for the record. */
    static String machine() {
        String cpu = "unknown CPU";
        try {
            for (final String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name") || line.startsWith("Model")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (final IOException e) {
            LOG.debug("no /proc/cpuinfo: {}", e.toString());
        }
        return cpu + ", " + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", Java "
                + System.getProperty("java.version");
    }
}
