package io.eventhandler.server.calibration;

import io.eventhandler.server.config.CalibrationConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * The recorder the server hands to the publish and SSE paths: a {@link StageSampler} started with the server when
 * calibration is configured (written to its file when the server stops), else {@link StageRecorder#NONE}.
 */
public final class CalibrationSession {

    private static final Logger LOG = LoggerFactory.getLogger(CalibrationSession.class);

    private final CalibrationConfiguration config;
    private final StageSampler sampler;

    private CalibrationSession(final CalibrationConfiguration config) {
        this.config = config;
        this.sampler = config.enabled() ? new StageSampler() : null;
        if (sampler != null) {
            sampler.start(config.samples());
            LOG.info("recording per-stage service times (the latest {} per stage) for {}", config.samples(), config.file());
        }
    }

    public static CalibrationSession begin(final CalibrationConfiguration config) {
        return new CalibrationSession(config);
    }

    /** What the publish and SSE paths report their stages to. */
    public StageRecorder recorder() {
        return sampler == null ? StageRecorder.NONE : sampler;
    }

    /** Stop recording and write the samples; a failure to write is logged, never thrown from a shutdown. */
    public void finish() {
        if (sampler == null) {
            return;
        }
        sampler.stop();
        try {
            sampler.writeCsv(config.file());
            LOG.info("per-stage service times ({}) written to {}", sampler.counts(), config.file().toAbsolutePath());
        } catch (final IOException e) {
            LOG.error("cannot write the calibration samples to {}: {}", config.file(), e.toString());
        }
    }
}
