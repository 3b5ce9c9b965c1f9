package io.eventhandler.server.calibration;

import io.eventhandler.server.config.CalibrationConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/** Starts the recorder with the server when calibration is configured, and writes its file when the server stops. */
public final class CalibrationSession {

    private static final Logger LOG = LoggerFactory.getLogger(CalibrationSession.class);

    private final CalibrationConfiguration config;
    private final StageRecorder recorder;

    CalibrationSession(final CalibrationConfiguration config, final StageRecorder recorder) {
        this.config = config;
        this.recorder = recorder;
        if (config.enabled()) {
            recorder.start(config.samples());
            LOG.info("recording per-stage service times (the latest {} per stage) for {}", config.samples(), config.file());
        }
    }

    public static CalibrationSession begin(final CalibrationConfiguration config) {
        return new CalibrationSession(config, StageRecorder.global());
    }

    /** Stop recording and write the samples; a failure to write is logged, never thrown from a shutdown. */
    public void finish() {
        if (!config.enabled()) {
            return;
        }
        recorder.stop();
        try {
            recorder.writeCsv(config.file());
            LOG.info("per-stage service times ({}) written to {}", recorder.counts(), config.file().toAbsolutePath());
        } catch (final IOException e) {
            LOG.error("cannot write the calibration samples to {}: {}", config.file(), e.toString());
        }
    }
}
