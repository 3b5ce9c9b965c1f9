package io.eventhandler.petri.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The runs of the load generator's JSON report ({@code --json}): the figures the capacity model uses. */
final class GeneratorReport {

    private GeneratorReport() {
    }

    /** One run's publish rate reached, deliveries lost and end-to-end percentiles (ms). */
    record Run(int index, double achievedPerSecond, long acknowledged, long lost, double p50, double p99,
               double fromScheduleP99) {
    }

    static List<Run> read(final Path json) throws IOException {
        final JsonNode root = new ObjectMapper().readTree(json.toFile());
        final List<Run> runs = new ArrayList<>();
        for (final JsonNode run : root.path("runs")) {
            final JsonNode publish = run.path("publish");
            final JsonNode delivery = run.path("delivery");
            final JsonNode endToEnd = delivery.path("end_to_end");
            runs.add(new Run(run.path("run").asInt(), publish.path("events_per_second").asDouble(),
                    publish.path("acknowledged").asLong(), delivery.path("lost").asLong(),
                    endToEnd.path("p50_ms").asDouble(Double.NaN), endToEnd.path("p99_ms").asDouble(Double.NaN),
                    delivery.path("from_schedule").path("p99_ms").asDouble(Double.NaN)));
        }
        if (runs.isEmpty()) {
            throw new IOException("no runs in the load generator's report " + json);
        }
        return runs;
    }
}
