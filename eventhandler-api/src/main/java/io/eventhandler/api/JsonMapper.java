package io.eventhandler.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The Jackson configuration every module uses for the wire types: unknown properties are ignored, as Spring does. */
public final class JsonMapper {

    private JsonMapper() {
    }

    /** A new mapper configured for the Arrowhead wire format. */
    public static ObjectMapper create() {
        return new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, false);
    }
}
