package io.eventhandler.server.config;

import java.nio.file.Path;

/**
 * Recording of per-stage service times for the capacity model (petri-models), off unless asked for.
 *
 * @param enabled {@value ServerConfiguration#CALIBRATION_ENABLED} — record (default false)
 * @param samples {@value ServerConfiguration#CALIBRATION_SAMPLES} — samples kept per stage, the latest (earlier ones are overwritten)
 * @param file    {@value ServerConfiguration#CALIBRATION_FILE} — CSV written when the server stops
 */
public record CalibrationConfiguration(boolean enabled, int samples, Path file) {
}
