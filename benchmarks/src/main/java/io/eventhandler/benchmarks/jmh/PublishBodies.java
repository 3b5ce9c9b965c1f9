package io.eventhandler.benchmarks.jmh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.benchmarks.load.PayloadCodec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/** The JSON body of a typical publish request, as the load generator sends it, stamped now. */
final class PublishBodies {

    /** The event type the benchmarks publish on. */
    static final String EVENT_TYPE = "benchmark_event";
    /** Payload size, the load generator's default. */
    static final int PAYLOAD_BYTES = 100;

    private PublishBodies() {
    }

    /** A body stamped now: the validator rejects stamps further than its tolerance (120 s) from now. */
    static byte[] create(final ObjectMapper mapper) {
        return create(mapper, EVENT_TYPE);
    }

    /** As {@link #create(ObjectMapper)}, on another event type. */
    static byte[] create(final ObjectMapper mapper, final String eventType) {
        final long nowMicros = Instant.now().toEpochMilli() * 1000;
        final EventPublishRequestDTO request = new EventPublishRequestDTO(eventType,
                SystemRequestDTO.of("benchmarkpublisher", "127.0.0.1", 40000), Map.of("unit", "celsius"),
                new PayloadCodec(PAYLOAD_BYTES).encode(0, 42, nowMicros),
                Instant.now().truncatedTo(ChronoUnit.MICROS).toString());
        try {
            return mapper.writeValueAsBytes(request);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
