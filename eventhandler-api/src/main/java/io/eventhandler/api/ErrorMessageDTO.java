package io.eventhandler.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of every error response, in the shape Arrowhead clients parse ({@code ErrorMessageDTO} of Arrowhead 4.6).
 *
 * @param errorMessage  what went wrong, for a human
 * @param errorCode     the HTTP status
 * @param exceptionType the Arrowhead category of the error
 * @param origin        the endpoint path that produced the error
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorMessageDTO(
        String errorMessage,
        int errorCode,
        ExceptionType exceptionType,
        String origin) {
}
