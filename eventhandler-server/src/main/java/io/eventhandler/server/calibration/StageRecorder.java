package io.eventhandler.server.calibration;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Per-stage service times of the publish → deliver path, for fitting the capacity model: {@code accept} (a worker
 * from receiving a publish to the broker having it), {@code wait} (accepted to a delivery thread taking it for a
 * subscriber), {@code write} (taken to written, per batch and shared by its events). The hooks in the hot path are
 * one-line calls on {@link #global()}; a process-wide instance keeps them out of the constructors of the delivery
 * classes. Disabled (the default) each hook is one volatile read.
 */
public final class StageRecorder {

    private static final StageRecorder GLOBAL = new StageRecorder();

    private volatile boolean enabled;
    private volatile Stages stages = new Stages(0);

    StageRecorder() {
    }

    public static StageRecorder global() {
        return GLOBAL;
    }

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

    /** Now, for {@link #accepted}; 0 when not recording. */
    public long received() {
        return enabled ? System.nanoTime() : 0;
    }

    public void accepted(final long receivedNanos) {
        accepted(receivedNanos, 1);
    }

    /**
     * A batch publish of {@code events} received at {@code receivedNanos} is accepted: each event is charged its
     * share, so that the accept stage stays a per-event service time.
     */
    public void accepted(final long receivedNanos, final int events) {
        if (receivedNanos != 0) {
            charge(stages.accept, receivedNanos, events);
        }
    }

    /** A delivery thread took an event accepted at {@code acceptedNanos} at {@code takenNanos}. */
    public void taken(final long acceptedNanos, final long takenNanos) {
        if (enabled) {
            stages.wait.record(takenNanos - acceptedNanos);
        }
    }

    /** A batch of {@code events} taken at {@code takenNanos} is written: each event is charged its share. */
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
