package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.api.qos.TopicQosFileDTO;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code eh.qos.topics} file of a mix under a setting: Table 3.2's values, N + 1 for 2 and 5 under FRAME+. */
final class QosTopicsFile {

    private static final ObjectMapper MAPPER = JsonMapper.create();

    private QosTopicsFile() {
    }

    /** The file's content. */
    static TopicQosFileDTO of(final TopicMix mix, final FrameSetting setting) {
        final Map<String, TopicQosDTO> topics = new LinkedHashMap<>();
        for (final TopicMix.Topic topic : mix.topics()) {
            final TopicCategory c = topic.category();
            topics.put(topic.name(), new TopicQosDTO((double) c.periodMs(), (double) c.deadlineMs(),
                    c.bestEffort() ? null : c.lossTolerance(), c.retention(setting), c.destination(), null));
        }
        return new TopicQosFileDTO(topics);
    }

    /** Writes it to a temporary file, deleted on exit. */
    static Path write(final TopicMix mix, final FrameSetting setting) throws IOException {
        final Path file = Files.createTempFile("frame-topics-", ".json");
        file.toFile().deleteOnExit();
        MAPPER.writeValue(file.toFile(), of(mix, setting));
        return file;
    }
}
