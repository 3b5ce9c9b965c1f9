package io.eventhandler.client;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The Event Handler answered a request with a non-2xx status. Carries the HTTP status and, when the body was an
 * Arrowhead {@link ErrorMessageDTO}, the parsed error. Transport failures (no HTTP answer at all) are reported as
 * {@link java.io.UncheckedIOException} instead.
 */
public class EventHandlerException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_BODY_IN_MESSAGE = 300;

    private final int statusCode;
    private final transient ErrorMessageDTO error;

    /**
     * @param operation  what was attempted, e.g. {@code "POST /eventhandler/publish"}
     * @param statusCode the HTTP status of the answer
     * @param error      the parsed error body, or null when the body was not an {@link ErrorMessageDTO}
     * @param rawBody    the body as text (used in the message when {@code error} is null), may be null
     */
    public EventHandlerException(final String operation, final int statusCode, final ErrorMessageDTO error,
                                 final String rawBody) {
        super(message(operation, statusCode, error, rawBody));
        this.statusCode = statusCode;
        this.error = error;
    }

    /** An exception with its own message, e.g. one summing up several failed attempts. */
    protected EventHandlerException(final String message, final int statusCode, final ErrorMessageDTO error,
                                    final Throwable cause) {
        super(message, cause);
        this.statusCode = statusCode;
        this.error = error;
    }

    /** Builds the exception from a response body, parsing it as {@link ErrorMessageDTO} if it is one. */
    static EventHandlerException fromResponse(final String operation, final int statusCode, final byte[] body) {
        return new EventHandlerException(operation, statusCode, parseError(body),
                body == null ? null : new String(body, StandardCharsets.UTF_8));
    }

    /** The body parsed as {@link ErrorMessageDTO}, or null when it is empty, not JSON, or not that shape. */
    static ErrorMessageDTO parseError(final byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            final ErrorMessageDTO parsed = WireJson.ERROR_READER.readValue(body);
            if (parsed == null || (parsed.errorMessage() == null && parsed.exceptionType() == null)) {
                return null;
            }
            return parsed;
        } catch (final IOException | RuntimeException e) {
            return null;
        }
    }

    /** The HTTP status of the answer. */
    public int statusCode() {
        return statusCode;
    }

    /** The parsed error body, or null when the Event Handler did not send an {@link ErrorMessageDTO}. */
    public ErrorMessageDTO error() {
        return error;
    }

    /** The Arrowhead category of the error, or null when unknown. */
    public ExceptionType exceptionType() {
        return error == null ? null : error.exceptionType();
    }

    private static String message(final String operation, final int statusCode, final ErrorMessageDTO error,
                                  final String rawBody) {
        final StringBuilder sb = new StringBuilder(128).append(operation).append(" failed: HTTP ").append(statusCode);
        if (error != null) {
            if (error.exceptionType() != null) {
                sb.append(' ').append(error.exceptionType());
            }
            if (error.errorMessage() != null) {
                sb.append(": ").append(error.errorMessage());
            }
        } else if (rawBody != null && !rawBody.isBlank()) {
            sb.append(": ").append(rawBody.length() > MAX_BODY_IN_MESSAGE
                    ? rawBody.substring(0, MAX_BODY_IN_MESSAGE) + "..." : rawBody);
        }
        return sb.toString();
    }
}
