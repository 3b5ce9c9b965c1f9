package io.eventhandler.petri.predict;

import io.eventhandler.petri.fit.StageDistributionFormat;
import io.eventhandler.petri.net.RegimeModel;
import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.net.TransportOffsets;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * A model file: the fitted stages as {@code accept=…}, {@code write=…}, {@code transport=…} properties; optionally a
 * cold regime ({@code cold.accept=…} and so on, with {@code cooling.ms=…}); {@code coupling=quantile} with the
 * {@code transport.offsets} (and {@code cold.transport.offsets}) of the calibration runs. A file without those is the
 * one-regime, independent model.
 */
public final class CalibratedModel {

    private static final String COLD = "cold.";

    private CalibratedModel() {
    }

    public static RegimeModel read(final Path file) throws IOException {
        final Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        final StageModel warm = stages(properties, "", file);
        final StageModel cold = properties.getProperty(COLD + "accept") == null ? null
                : stages(properties, COLD, file);
        final String cooling = properties.getProperty("cooling.ms");
        if (cold != null && cooling == null) {
            throw new IllegalArgumentException(file + " has a cold regime but no 'cooling.ms'");
        }
        final String coupling = properties.getProperty("coupling", "independent");
        return new RegimeModel(warm, cold, cold == null ? 0 : Double.parseDouble(cooling),
                RegimeModel.Coupling.valueOf(coupling.trim().toUpperCase(Locale.ROOT)),
                offsets(properties, "transport.offsets"), offsets(properties, COLD + "transport.offsets"));
    }

    public static void write(final RegimeModel model, final Path file, final String comment) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("# " + comment.replace("\n", "\n# ") + "\n");
            out.write("coupling=" + model.coupling().name().toLowerCase(Locale.ROOT) + "\n");
            write(out, "", model.warm(), model.warmOffsets());
            if (model.hasCold()) {
                out.write(String.format(Locale.ROOT, "cooling.ms=%s%n", model.coolingMs()));
                write(out, COLD, model.cold(), model.coldOffsets());
            }
        }
    }

    private static void write(final Writer out, final String prefix, final StageModel stages,
                              final TransportOffsets offsets) throws IOException {
        out.write(prefix + "accept=" + StageDistributionFormat.format(stages.accept()) + "\n");
        out.write(prefix + "write=" + StageDistributionFormat.format(stages.write()) + "\n");
        out.write(prefix + "transport=" + StageDistributionFormat.format(stages.transport()) + "\n");
        if (offsets != null) {
            final StringBuilder line = new StringBuilder(prefix + "transport.offsets=");
            for (int i = 0; i < offsets.levels(); i++) {
                line.append(i == 0 ? "" : ":").append(String.format(Locale.ROOT, "%.6f", offsets.offset(i)));
            }
            out.write(line + "\n");
        }
    }

    private static TransportOffsets offsets(final Properties properties, final String key) {
        final String value = properties.getProperty(key);
        return value == null ? null : new TransportOffsets(Arrays.stream(value.trim().split(":"))
                .mapToDouble(Double::parseDouble).toArray());
    }

    private static StageModel stages(final Properties properties, final String prefix, final Path file) {
        return new StageModel(stage(properties, prefix + "accept", file), stage(properties, prefix + "write", file),
                stage(properties, prefix + "transport", file));
    }

    private static StageDistribution stage(final Properties properties, final String key, final Path file) {
        final String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException(file + " has no '" + key + "' stage");
        }
        return StageDistributionFormat.parse(value);
    }
}
