package io.eventhandler.server.testing;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Request bodies as plain JSON maps (so a test can leave out a field, set it to null or give it a wrong type, which
 * the typed DTOs cannot express), and the assertion of a whole {@code ErrorMessageDTO} answer.
 */
public final class Requests {

    private Requests() {
    }

    /** A mutable system object; a null port is left null. */
    public static Map<String, Object> system(final String name, final String address, final Integer port) {
        final Map<String, Object> system = new LinkedHashMap<>();
        system.put("systemName", name);
        system.put("address", address);
        system.put("port", port);
        return system;
    }

    /** A valid publish request of {@link EhHttp#PUBLISHER}, without metadata and time stamp. */
    public static Map<String, Object> event(final String eventType, final String payload) {
        final Map<String, Object> event = new LinkedHashMap<>();
        event.put("eventType", eventType);
        event.put("source", system(EhHttp.PUBLISHER.systemName(), EhHttp.PUBLISHER.address(),
                EhHttp.PUBLISHER.port()));
        event.put("metaData", null);
        event.put("payload", payload);
        event.put("timeStamp", null);
        return event;
    }

    /** A valid webhook subscription request: no filter, no dates, no sources. */
    public static Map<String, Object> subscription(final String eventType, final Map<String, Object> subscriber,
                                                   final String notifyUri) {
        final Map<String, Object> request = new LinkedHashMap<>();
        request.put("eventType", eventType);
        request.put("subscriberSystem", subscriber);
        request.put("filterMetaData", null);
        request.put("notifyUri", notifyUri);
        request.put("matchMetaData", false);
        request.put("startDate", null);
        request.put("endDate", null);
        request.put("sources", null);
        return request;
    }

    /** The nested object at {@code key}, to change it in place. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> nested(final Map<String, Object> request, final String key) {
        return (Map<String, Object>) request.get(key);
    }

    /** Assert the whole error answer: status, JSON content type, and every field of the {@code ErrorMessageDTO}. */
    public static ErrorMessageDTO assertError(final HttpResponse<String> response, final int status,
                                              final ExceptionType type, final String origin, final String message) {
        assertEquals(status, response.statusCode(), response::body);
        final ErrorMessageDTO error = EhHttp.error(response);
        assertEquals(new ErrorMessageDTO(message, status, type, origin), error, response::body);
        return error;
    }

    /** The same for a response read off a raw connection. */
    public static ErrorMessageDTO assertError(final RawHttp.Response response, final int status,
                                              final ExceptionType type, final String origin, final String message) {
        assertEquals(status, response.status(), response::bodyText);
        assertEquals("application/json", response.headers().getOrDefault("content-type", "").split(";")[0].trim(),
                response.headers()::toString);
        final ErrorMessageDTO error = EhHttp.read(response.bodyText(), ErrorMessageDTO.class);
        assertEquals(new ErrorMessageDTO(message, status, type, origin), error, response::bodyText);
        return error;
    }
}
