package io.eventhandler.server.calibration;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@link StageRecorder} of a calibration run: keeps the latest samples of each stage (up to the capacity given to
 * {@link #start}) and writes them as {@code stage,ms} lines. Until started, and after {@link #stop}, each hook is one
 * volatile read.
 */
public final class StageSampler implements StageRecorder {

    private volatile boolean enabled;
    private volatile Stages stages = new Stages(0);

    /** Start recording afresh, keeping up to {@code samples} per stage. */
    public void start(final int samples) {
        stages = new Stages(samples);
        enabled = true;
    }

    public void stop() {
        enabled = false;
    }

    public boolean enabled() {
        return enabled;
    }

    @Override
    public long received() {
        return enabled ? System.nanoTime() : 0;
    }

    @Override
    public void accepted(final long receivedNanos, final int events) {
        if (receivedNanos != 0) {
            charge(stages.accept, receivedNanos, events);
        }
    }

    @Override
    public void taken(final long acceptedNanos, final long takenNanos) {
        if (enabled) {
            stages.wait.record(takenNanos - acceptedNanos);
        }
    }

    @Override
    public void written(final long takenNanos, final int events) {
        charge(stages.write, takenNanos, events);
    }

    private void charge(final StageSamples stage, final long sinceNanos, final int events) {
        if (enabled && events > 0) {
            final long share = (System.nanoTime() - sinceNanos) / events;
            for (int i = 0; i < events; i++) {
                stage.record(share);
            }
        }
    }

    /** {@code stage,ms} lines, the format petri-models' {@code fit} command reads. */
    public void writeCsv(final Writer out) throws IOException {
        final Stages current = stages;
        out.write("stage,ms\n");
        write(out, "accept", current.accept);
        write(out, "wait", current.wait);
        write(out, "write", current.write);
    }

    public void writeCsv(final Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeCsv(out);
        }
    }

    /** Samples offered per stage, for logging how much was dropped. */
    public String counts() {
        final Stages current = stages;
        return String.format(Locale.ROOT, "accept %d, wait %d, write %d", current.accept.offered(),
                current.wait.offered(), current.write.offered());
    }

    private static void write(final Writer out, final String stage, final StageSamples samples) throws IOException {
        for (final long nanos : samples.snapshot()) {
            out.write(stage);
            out.write(String.format(Locale.ROOT, ",%.6f%n", nanos / 1e6));
        }
    }

    private static final class Stages {
        final StageSamples accept;
        final StageSamples wait;
        final StageSamples write;

        Stages(final int capacity) {
            accept = new StageSamples(capacity);
            wait = new StageSamples(capacity);
            write = new StageSamples(capacity);
        }
    }
}
