package io.eventhandler.benchmarks.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.eventhandler.api.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the machine-readable report: {@code {"environment": {...}, "target": "...", "options": {...},
 * "runs": [...]}}, snake_case keys, latencies in
 * milliseconds.
 */
public final class JsonReport {

    private final ObjectMapper mapper = JsonMapper.create()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The report as a JSON string.
     *
     * @param env     the environment
     * @param options the options
     * @param target  the Event Handler actually loaded
     * @param runs    the runs
     * @return pretty-printed JSON
     * @throws IOException when a value cannot be serialized
     */
    public String toJson(final EnvironmentInfo env, final LoadOptions options, final String target,
                         final List<RunResult> runs) throws IOException {
        final Map<String, Object> root = new LinkedHashMap<>();
        root.put("environment", env);
        root.put("target", target);
        root.put("options", options.describe());
        root.put("runs", runs);
        return mapper.writeValueAsString(root);
    }

    /**
     * Writes the report to {@code file}, creating its directory.
     *
     * @param file    the file
     * @param env     the environment
     * @param options the options
     * @param target  the Event Handler actually loaded
     * @param runs    the runs
     * @throws IOException when the file cannot be written
     */
    public void write(final Path file, final EnvironmentInfo env, final LoadOptions options, final String target,
                      final List<RunResult> runs) throws IOException {
        final Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, toJson(env, options, target, runs) + System.lineSeparator());
    }
}
