package io.eventhandler.benchmarks.scale;

import io.eventhandler.benchmarks.load.EnvironmentInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The text report: printed, and appended to the output file when one is given. */
final class ScaleReport {

    private final Path file;

    ScaleReport(final String file) {
        this.file = file == null ? null : Path.of(file);
    }

    void line(final String format, final Object... args) {
        final String text = String.format(Locale.ROOT, format, args);
        System.out.println(text);
        if (file != null) {
            try {
                Files.writeString(file, text + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** p50 / p99 / p99.9 / max in ms of a histogram of µs. */
    static String percentiles(final Histogram h) {
        if (h.getTotalCount() == 0) {
            return "n=0";
        }
        return String.format(Locale.ROOT, "n=%d p50=%.2f p99=%.2f p99.9=%.2f max=%.2f ms", h.getTotalCount(),
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0,
                h.getValueAtPercentile(99.9) / 1000.0, h.getMaxValue() / 1000.0);
    }

    /** The machine's load average, as {@code uptime} shows it. */
    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (final IOException e) {
            return "unknown";
        }
    }

    static String mib(final long kib) {
        return kib < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f MiB", kib / 1024.0);
    }

    /** The header: machine, JVM and command line of the generator. */
    void header(final String[] args) {
        final EnvironmentInfo env = EnvironmentInfo.current(args);
        line("# %s  cpu=%s cores=%d os=%s generator-jvm=%s", env.date(), env.cpuModel(), env.cores(), env.os(),
                env.jvm());
        line("# command: ScaleExperiment %s", String.join(" ", args));
    }
}
