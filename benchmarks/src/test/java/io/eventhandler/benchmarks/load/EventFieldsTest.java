package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scan finds what Jackson would bind, and leaves the cases it cannot be sure of to Jackson. */
class EventFieldsTest {

    private static final ObjectMapper MAPPER = JsonMapper.create();

    @Test
    void findsPayloadAndTimeStampInWhatTheServerWrites() throws Exception {
        assertFields(new EventDTO("temperature", null, "p=1;n=2;t=3;xxxx", "2026-11-23T10:00:00.123456Z"));
    }

    @Test
    void agreesWithJacksonWhenValuesAreEscapedOrNotAscii() throws Exception {
        assertFields(new EventDTO("t\"ype", null, "say \"hi\"\n\\ \u00e9\u4e2d", "2026-11-23T10:00:00Z"));
        assertFields(new EventDTO("type", null, "\"payload\":\"fake\"", "2026-11-23T10:00:00Z"));
    }

    @Test
    void isNotFooledByAMetaDataKeyOfTheSameName() throws Exception {
        assertFields(new EventDTO("type", Map.of("payload", "meta", "timeStamp", "meta"), "real",
                "2026-11-23T10:00:00Z"));
    }

    @Test
    void readsFieldsInAnyOrder() {
        final byte[] json = "{\"timeStamp\":\"2026-11-23T10:00:00Z\",\"payload\":\"p\",\"eventType\":\"T\"}"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(new EventFields.Fields("p", "2026-11-23T10:00:00Z"), EventFields.of(json, json.length));
    }

    @Test
    void returnsNullForWhatIsNotJson() {
        final byte[] junk = "not json at all".getBytes(StandardCharsets.UTF_8);
        assertNull(EventFields.of(junk, junk.length));
    }

    private static void assertFields(final EventDTO event) throws Exception {
        final byte[] json = MAPPER.writeValueAsBytes(event);
        final byte[] padded = new byte[json.length + 10];
        System.arraycopy(json, 0, padded, 0, json.length);
        assertEquals(new EventFields.Fields(event.payload(), event.timeStamp()), EventFields.of(padded, json.length),
                new String(json, StandardCharsets.UTF_8));
    }
}
