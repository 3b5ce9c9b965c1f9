package io.eventhandler.server.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.arrowhead.common.dto.shared.EventTypeResponseDTO;
import eu.arrowhead.common.dto.shared.SubscriptionListResponseDTO;
import eu.arrowhead.common.dto.shared.SubscriptionResponseDTO;
import eu.arrowhead.common.dto.shared.SystemResponseDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.event.SystemRef;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.eventhandler.server.store.Fixtures.START;
import static io.eventhandler.server.store.Fixtures.ref;
import static io.eventhandler.server.store.Fixtures.system;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The management API's answers against the official Arrowhead classes of
 * {@code ai.aitia:arrowhead-core-common-essentials-java-spring:4.4.0.2}: ours read back into them with
 * FAIL_ON_UNKNOWN_PROPERTIES, field for field, and are the same JSON as theirs for the same values.
 */
class SubscriptionResponsesTest {

    /** The server's mapper, which writes our DTOs. */
    private static final ObjectMapper OURS = JsonMapper.create();
    /** Fails on any field the official class does not have. */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    /** How Spring's default Jackson writes the official classes. */
    private static final ObjectMapper SPRING = new ObjectMapper();

    private static final StoredEventType TEMPERATURE = new StoredEventType(3, "TEMPERATURE", START,
            START.plusSeconds(1));

    private static StoredSubscription stored(final Long consumerId, final List<StoredSystem> sources,
                                             final Set<SystemRef> authorized) {
        return new StoredSubscription(12, TEMPERATURE,
                new StoredSystem("consumer", "10.0.0.5", 9001, "a2V5", Map.of("role", "display")),
                Map.of("unit", "celsius"), true, "/notify/temperature", START.plusSeconds(60), null, sources,
                consumerId, authorized, START.plusNanos(123_000), START.plusSeconds(5));
    }

    private static <T> T readStrict(final Object ours, final Class<T> official) throws Exception {
        return STRICT.readValue(OURS.writeValueAsString(ours), official);
    }

    private static String iso(final Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }

    @Test
    void aSubscriptionReadsBackIntoArrowheadsClassFieldForField() throws Exception {
        final StoredSubscription stored = stored(42L,
                List.of(new StoredSystem("thermometer", "10.0.0.7", 9410, "cHVi", Map.of("floor", "2"))),
                Set.of(SystemRef.of("thermometer", "10.0.0.7", 9410)));

        final SubscriptionResponseDTO official = readStrict(SubscriptionResponses.toDto(stored),
                SubscriptionResponseDTO.class);

        assertEquals(12, official.getId());
        assertEquals(3, official.getEventType().getId());
        assertEquals("TEMPERATURE", official.getEventType().getEventTypeName());
        assertEquals("2030-01-01T00:00:00.123456Z", official.getEventType().getCreatedAt());
        assertEquals("2030-01-01T00:00:01.123456Z", official.getEventType().getUpdatedAt());
        final SystemResponseDTO subscriber = official.getSubscriberSystem();
        assertEquals(42, subscriber.getId(), "the Authorization system's id of the subscriber");
        assertEquals("consumer", subscriber.getSystemName());
        assertEquals("10.0.0.5", subscriber.getAddress());
        assertEquals(9001, subscriber.getPort());
        assertEquals("a2V5", subscriber.getAuthenticationInfo());
        assertEquals(Map.of("role", "display"), subscriber.getMetadata());
        assertEquals(Map.of("unit", "celsius"), official.getFilterMetaData());
        assertEquals("/notify/temperature", official.getNotifyUri());
        assertEquals(true, official.getMatchMetaData());
        assertEquals(stored.startDate(), Instant.from(DateTimeFormatter.ISO_INSTANT.parse(official.getStartDate())));
        assertNull(official.getEndDate());
        assertEquals(1, official.getSources().size());
        final SystemResponseDTO source = official.getSources().iterator().next();
        assertEquals("thermometer", source.getSystemName());
        assertEquals("10.0.0.7", source.getAddress());
        assertEquals(9410, source.getPort());
        assertEquals("cHVi", source.getAuthenticationInfo());
        assertEquals(Map.of("floor", "2"), source.getMetadata());
        assertEquals(iso(stored.createdAt()), official.getCreatedAt());
        assertEquals(iso(stored.updatedAt()), official.getUpdatedAt());
    }

    @Test
    void theJsonIsArrowheadsForTheSameValues() throws Exception {
        final StoredSubscription stored = stored(42L, List.of(system("thermometer", 9410)), Set.of());
        final SubscriptionResponseDTO official = new SubscriptionResponseDTO(12,
                new EventTypeResponseDTO(3, "TEMPERATURE", iso(START), iso(START.plusSeconds(1))),
                new SystemResponseDTO(42, "consumer", "10.0.0.5", 9001, "a2V5", Map.of("role", "display"), null, null),
                Map.of("unit", "celsius"), "/notify/temperature", true, iso(START.plusSeconds(60)), null,
                Set.of(new SystemResponseDTO(0, "thermometer", "127.0.0.1", 9410, null, null, null, null)),
                iso(stored.createdAt()), iso(stored.updatedAt()));

        final JsonNode ours = OURS.readTree(OURS.writeValueAsString(SubscriptionResponses.toDto(stored)));
        final JsonNode theirs = SPRING.readTree(SPRING.writeValueAsString(official));
        // the only difference: a source has no Authorization id here, which Arrowhead's primitive long writes as 0
        assertEquals(0, theirs.get("sources").get(0).get("id").asLong());
        ((ObjectNode) theirs.get("sources").get(0)).remove("id");

        assertEquals(theirs, ours);
    }

    @Test
    void anUnknownSubscriberIdIsLeftOutAndReadsAsArrowheadsZero() throws Exception {
        final StoredSubscription stored = stored(null, List.of(), Set.of());
        final String json = OURS.writeValueAsString(SubscriptionResponses.toDto(stored));
        assertNull(OURS.readTree(json).get("subscriberSystem").get("id"));
        assertEquals(0, STRICT.readValue(json, SubscriptionResponseDTO.class).getSubscriberSystem().getId());
    }

    @Test
    void withoutRequestedSourcesTheSourcesAreTheAuthorizedPublishers() throws Exception {
        final StoredSubscription stored = stored(null, List.of(), Set.of(ref("thermometer", 9410),
                ref("barometer", 9420)));

        final io.eventhandler.api.SubscriptionResponseDTO dto = SubscriptionResponses.toDto(stored);

        assertEquals(List.of("barometer", "thermometer"),
                dto.sources().stream().map(io.eventhandler.api.SystemResponseDTO::systemName).toList());
        assertEquals(2, readStrict(dto, SubscriptionResponseDTO.class).getSources().size());
    }

    @Test
    void aPageReadsBackIntoArrowheadsListClass() throws Exception {
        final SubscriptionPage page = new SubscriptionPage(List.of(stored(1L, List.of(), Set.of()),
                stored(2L, List.of(), Set.of())), 17);

        final SubscriptionListResponseDTO official = readStrict(SubscriptionResponses.toDto(page),
                SubscriptionListResponseDTO.class);

        assertEquals(17, official.getCount());
        assertEquals(List.of(1L, 2L), official.getData().stream().map(s -> s.getSubscriberSystem().getId()).toList());
    }
}
