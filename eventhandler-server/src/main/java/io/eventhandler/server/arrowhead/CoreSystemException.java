package io.eventhandler.server.arrowhead;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;

import java.net.URI;
import java.util.Optional;

/**
 * A core system answered, but not with success: a non-2xx status, or a 2xx body that could not be read. Transport
 * failures (refused connection, TLS handshake, timeout) are not this exception; they surface as their own
 * {@link java.io.IOException}s, because nothing answered.
 */
public final class CoreSystemException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_BODY_IN_MESSAGE = 300;

    private final String method;
    private final URI uri;
    private final int status;
    private final transient ErrorMessageDTO error;
    private final String body;

    /**
     * @param status the HTTP status answered
     * @param error  the body read as Arrowhead's {@code ErrorMessageDTO}, or null if it is not one
     * @param body   the raw body, empty if none
     * @param cause  why a 2xx body could not be used; null for an error status
     */
    public CoreSystemException(final String method, final URI uri, final int status, final ErrorMessageDTO error,
                               final String body, final Throwable cause) {
        super(message(method, uri, status, error, body), cause);
        this.method = method;
        this.uri = uri;
        this.status = status;
        this.error = error;
        this.body = body == null ? "" : body;
    }

    private static String message(final String method, final URI uri, final int status,
                                  final ErrorMessageDTO error, final String body) {
        final String detail;
        if (error != null) {
            detail = error.exceptionType() + ": " + error.errorMessage();
        } else if (body == null || body.isEmpty()) {
            detail = "(no body)";
        } else {
            detail = body.length() > MAX_BODY_IN_MESSAGE ? body.substring(0, MAX_BODY_IN_MESSAGE) + "..." : body;
        }
        return method + " " + uri + " answered " + status + ": " + detail;
    }

    public String method() {
        return method;
    }

    public URI uri() {
        return uri;
    }

    /** The HTTP status answered. */
    public int status() {
        return status;
    }

    /** The Arrowhead error the body carried, if it was one. */
    public Optional<ErrorMessageDTO> error() {
        return Optional.ofNullable(error);
    }

    /** The raw body, empty if none. */
    public String body() {
        return body;
    }

    /** Whether the answer was an Arrowhead error of this type. */
    public boolean is(final ExceptionType type) {
        return error != null && error.exceptionType() == type;
    }

    /** Whether the status is 4xx: the core system is up and refused this request (retrying the same will not help). */
    public boolean isClientError() {
        return status >= 400 && status < 500;
    }
}
