package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.api.ExceptionType;

import java.util.Map;

/**
 * The JSON envelopes of the Arrowhead 5 common library's MQTT API, field for field: a request as its
 * {@code MqttRequestTemplate}, the answer as its {@code MqttResponseTemplate} (an error's payload its
 * {@code ErrorMessageDTO}), and what is pushed to a subscriber as its {@code MqttNotifyTemplate}.
 */
final class MqttEnvelopes {

    private MqttEnvelopes() {
    }

    /** A request, published to {@code <baseTopic><operation>}; the payload is the HTTP operation's JSON body. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Request(String traceId, String authentication, String responseTopic, Integer qosRequirement,
                   Map<String, String> params, JsonNode payload) {
    }

    /** The answer, published to the request's {@code responseTopic}. */
    record Response(int status, String traceId, String receiver, Object payload) {
    }

    /** A 5.x {@code ErrorMessageDTO}: its {@code exceptionType} is one of the 5.x names. */
    record Error(String errorMessage, int errorCode, String exceptionType, String origin) {
    }

    /** What a subscriber gets: the event (or a gap notice) from the Event Handler. */
    record Notify(String receiver, String sender, Object payload) {
    }

    /** The 5.x status (its {@code MqttStatus}) of an exception type, as its {@code MqttHandlerUtils} maps them. */
    static int status(final String fiveType) {
        return switch (fiveType) {
            case "AUTH" -> 401;
            case "FORBIDDEN" -> 403;
            case "INVALID_PARAMETER" -> 400;
            case "DATA_NOT_FOUND" -> 404;
            case "EXTERNAL_SERVER_ERROR" -> 503;
            case "TIMEOUT" -> 408;
            case "LOCKED" -> 423;
            default -> 500;
        };
    }

    /** The 5.x exception type of one of this Event Handler's (4.6-named) refusals with this HTTP status. */
    static String fiveType(final ExceptionType type, final int httpStatus) {
        if (httpStatus == 403) {
            return "FORBIDDEN";
        }
        return switch (type) {
            case AUTH -> "AUTH";
            case BAD_PAYLOAD, INVALID_PARAMETER -> "INVALID_PARAMETER";
            case DATA_NOT_FOUND -> "DATA_NOT_FOUND";
            case TIMEOUT -> "TIMEOUT";
            case UNAVAILABLE -> "EXTERNAL_SERVER_ERROR";
            default -> "INTERNAL_SERVER_ERROR";
        };
    }
}
