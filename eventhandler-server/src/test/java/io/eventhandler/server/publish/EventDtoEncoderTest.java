package io.eventhandler.server.publish;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/** The hand-written encoder writes exactly the bytes Jackson writes for the same {@code EventDTO}. */
class EventDtoEncoderTest {

    private static final ObjectMapper MAPPER = JsonMapper.create();
    private static final EventDtoEncoder ENCODER = new EventDtoEncoder(MAPPER);
    private static final SystemRef SOURCE = SystemRef.of("sensor", "127.0.0.1", 9000);

    @Property(tries = 2000)
    void writesJacksonsBytesForAnyText(@ForAll("text") final String eventType, @ForAll("text") final String payload,
                                       @ForAll("text") final String timeStamp,
                                       @ForAll("metaData") final Map<String, String> metaData) throws Exception {
        final EventDraft draft = new EventDraft(eventType, SOURCE, metaData, payload, timeStamp, 1L);
        assertArrayEquals(jackson(draft), ENCODER.encode(draft),
                () -> new String(ENCODER.encode(draft), StandardCharsets.UTF_8));
    }

    @Example
    void writesNullsAndAnEmptyMapAsJacksonDoes() throws Exception {
        final Map<String, String> withNullValue = new LinkedHashMap<>();
        withNullValue.put("unit", null);
        for (final EventDraft draft : new EventDraft[] {
            new EventDraft("t", SOURCE, null, null, null, 1L),
            new EventDraft("t", SOURCE, Map.of(), "p", "2026-11-27T11:00:00Z", 1L),
            new EventDraft("t", SOURCE, withNullValue, "\u0000\u001f\u007f\"\\/\u2028é€😀", "s", 1L)}) {
            assertArrayEquals(jackson(draft), ENCODER.encode(draft),
                    () -> new String(ENCODER.encode(draft), StandardCharsets.UTF_8));
        }
        assertEquals("{\"eventType\":\"t\",\"metaData\":null,\"payload\":\"a\\nb\\u0001\",\"timeStamp\":\"s\"}",
                new String(ENCODER.encode(new EventDraft("t", SOURCE, null, "a\nb\u0001", "s", 1L)),
                        StandardCharsets.UTF_8));
    }

    @Example
    void leavesSurrogatesToJackson() throws Exception {
        for (final String text : new String[] {"x\ud800y", "\udc00", "pair \ud83d\ude00 ok"}) {
            final EventDraft draft = new EventDraft("t", SOURCE, Map.of("k", text), text, "s", 1L);
            assertArrayEquals(jackson(draft), ENCODER.encode(draft));
        }
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40),
                Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(40),
                Arbitraries.strings().ascii().ofMaxLength(40), Arbitraries.just(null));
    }

    @Provide
    Arbitrary<Map<String, String>> metaData() {
        final Arbitrary<String> key = Arbitraries.strings().all().ofMaxLength(12);
        final Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(20),
                Arbitraries.just(null));
        return Arbitraries.oneOf(Arbitraries.maps(key, value).ofMaxSize(4).map(LinkedHashMap::new),
                Arbitraries.just(null));
    }

    private static byte[] jackson(final EventDraft draft) throws Exception {
        return MAPPER.writerFor(EventDTO.class).writeValueAsBytes(
                new EventDTO(draft.eventType(), draft.metaData(), draft.payload(), draft.timeStamp()));
    }
}
