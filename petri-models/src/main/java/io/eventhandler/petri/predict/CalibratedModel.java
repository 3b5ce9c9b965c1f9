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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * A model file: {@code regimes=hot,warm,cold} names the regimes from the hottest; the first one's fitted stages are
 * the {@code accept=…}, {@code write=…}, {@code transport=…} properties, each further one's are prefixed with its name
 * ({@code cold.accept=…}) and come with the idle time from which on it applies ({@code cold.from.idle.ms=…});
 * {@code coupling=quantile} with each regime's {@code transport.offsets}. A file without {@code regimes} is read as
 * the earlier format: {@code warm}, and {@code cold} if {@code cold.accept} is there, from {@code cooling.ms}.
 */
public final class CalibratedModel {

    private static final String LEGACY_COOLING = "cooling.ms";
    private static final String FROM_IDLE = "from.idle.ms";

    private CalibratedModel() {
    }

    public static RegimeModel read(final Path file) throws IOException {
        final Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        final String names = properties.getProperty("regimes",
                properties.getProperty("cold.accept") == null ? "warm" : "warm,cold");
        final List<RegimeModel.Regime> regimes = new ArrayList<>();
        for (final String name : names.trim().split("\\s*,\\s*")) {
            final String prefix = regimes.isEmpty() ? "" : name + ".";
            double fromIdle = 0;
            if (!regimes.isEmpty()) {
                final String idle = properties.getProperty(prefix + FROM_IDLE,
                        "cold".equals(name) ? properties.getProperty(LEGACY_COOLING) : null);
                if (idle == null) {
                    throw new IllegalArgumentException(file + " has regime '" + name + "' but no '" + prefix
                            + FROM_IDLE + "'");
                }
                fromIdle = Double.parseDouble(idle);
            }
            regimes.add(new RegimeModel.Regime(name, stages(properties, prefix, file), fromIdle,
                    offsets(properties, prefix + "transport.offsets")));
        }
        final String coupling = properties.getProperty("coupling", "independent");
        return new RegimeModel(regimes, RegimeModel.Coupling.valueOf(coupling.trim().toUpperCase(Locale.ROOT)));
    }

    public static void write(final RegimeModel model, final Path file, final String comment) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("# " + comment.replace("\n", "\n# ") + "\n");
            out.write("coupling=" + model.coupling().name().toLowerCase(Locale.ROOT) + "\n");
            final List<RegimeModel.Regime> regimes = model.regimes();
            out.write("regimes=" + String.join(",", regimes.stream().map(RegimeModel.Regime::name).toList()) + "\n");
            write(out, "", model.hottest().stages(), model.hottest().offsets());
            for (final RegimeModel.Regime regime : regimes.subList(1, regimes.size())) {
                final String prefix = regime.name() + ".";
                out.write(String.format(Locale.ROOT, "%s%s=%s%n", prefix, FROM_IDLE, regime.fromIdleMs()));
                write(out, prefix, regime.stages(), regime.offsets());
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
