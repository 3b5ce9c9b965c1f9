package io.eventhandler.server.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.SubscriberRequirementsDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.server.qos.SubscriberRequirementsDocument;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON text of the store's map and system-list columns. Systems are written in Arrowhead's
 * {@code SystemRequestDTO} shape, a stable wire format, rather than in the shape of internal records.
 */
final class JsonColumns {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final TypeReference<Map<String, String>> MAP = new TypeReference<>() {
    };
    private static final TypeReference<List<SystemRequestDTO>> SYSTEMS = new TypeReference<>() {
    };
    private static final TypeReference<SubscriberRequirementsDTO> REQUIREMENTS = new TypeReference<>() {
    };
    private static final Comparator<SystemRef> REF_ORDER = Comparator.comparing(SystemRef::name)
            .thenComparing(SystemRef::address).thenComparingInt(SystemRef::port);

    private JsonColumns() {
    }

    /** The map as JSON, or null for null. */
    static String map(final Map<String, String> map) {
        return map == null ? null : write(map);
    }

    /** The map a column holds, or null for SQL NULL. */
    static Map<String, String> map(final String json) {
        return json == null ? null : read(json, MAP);
    }

    static String systems(final List<StoredSystem> systems) {
        return write(systems.stream().map(StoredSystem::toRequest).toList());
    }

    static List<StoredSystem> systems(final String json) {
        return read(json, SYSTEMS).stream().map(StoredSystem::of).toList();
    }

    /** The identities, sorted so that equal sets are equal text. */
    static String refs(final Set<SystemRef> refs) {
        final List<SystemRef> sorted = new ArrayList<>(refs);
        sorted.sort(REF_ORDER);
        return write(sorted.stream().map(ref -> SystemRequestDTO.of(ref.name(), ref.address(), ref.port())).toList());
    }

    static Set<SystemRef> refs(final String json) {
        final Set<SystemRef> refs = new HashSet<>();
        for (final SystemRequestDTO system : read(json, SYSTEMS)) {
            refs.add(SystemRef.of(system.systemName(), system.address(), system.port()));
        }
        return refs;
    }

    /** The requests as JSON text, or null when there are none. */
    static String requirements(final SubscriberRequirements requirements) {
        final SubscriberRequirementsDTO dto = SubscriberRequirementsDocument.toDto(requirements);
        return dto == null ? null : write(dto);
    }

    static SubscriberRequirements requirements(final String json) {
        if (json == null) {
            return SubscriberRequirements.NONE;
        }
        return SubscriberRequirementsDocument.toRequirements(read(json, REQUIREMENTS));
    }

    private static String write(final Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T read(final String json, final TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException("unreadable JSON column: " + e.getOriginalMessage(), e);
        }
    }
}
