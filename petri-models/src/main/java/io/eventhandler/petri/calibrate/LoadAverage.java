package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's one-minute load average ({@code /proc/loadavg}), recorded beside every run. */
final class LoadAverage {

    private LoadAverage() {
    }

    static double read() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim()
                .split("\\s+")[0]);
    }
}
