package io.eventhandler.petri.predict;

import io.eventhandler.petri.fit.StageDistributionFormat;
import io.eventhandler.petri.net.StageModel;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** A model file: the three fitted stages as {@code accept=…}, {@code write=…}, {@code transport=…} properties. */
public final class CalibratedModel {

    private CalibratedModel() {
    }

    public static StageModel read(final Path file) throws IOException {
        final Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        return new StageModel(stage(properties, "accept", file), stage(properties, "write", file),
                stage(properties, "transport", file));
    }

    public static void write(final StageModel model, final Path file, final String comment) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("# " + comment.replace("\n", "\n# ") + "\n");
            out.write("accept=" + StageDistributionFormat.format(model.accept()) + "\n");
            out.write("write=" + StageDistributionFormat.format(model.write()) + "\n");
            out.write("transport=" + StageDistributionFormat.format(model.transport()) + "\n");
        }
    }

    private static io.eventhandler.petri.net.StageDistribution stage(final Properties properties, final String key,
                                                                     final Path file) {
        final String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException(file + " has no '" + key + "' stage");
        }
        return StageDistributionFormat.parse(value);
    }
}
