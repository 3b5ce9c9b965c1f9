package io.eventhandler.server.config;

import java.nio.file.Path;

/**
 * Recording of per-stage service times for the capacity model (petri-models), an experiment: off unless asked for
 * (its keys are in {@link ExperimentalConfiguration}).
 *
 * @param enabled {@link ExperimentalConfiguration#CALIBRATION_ENABLED} — record (default false)
 * @param samples {@link ExperimentalConfiguration#CALIBRATION_SAMPLES} — samples kept per stage, the latest (earlier ones are overwritten)
 * @param file    {@link ExperimentalConfiguration#CALIBRATION_FILE} — CSV written when the server stops
 */
public record CalibrationConfiguration(boolean enabled, int samples, Path file) {
}
