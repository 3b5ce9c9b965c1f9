package io.eventhandler.server.http;

import io.eventhandler.api.ExceptionType;

/**
 * A client-visible error, answered as an Arrowhead {@code ErrorMessageDTO} with the given status. The factory
 * methods give the statuses Arrowhead uses for each type.
 */
public final class ArrowheadException extends RuntimeException {

    private final ExceptionType type;
    private final int status;
    private final String origin;

    public ArrowheadException(final ExceptionType type, final int status, final String message, final String origin) {
        super(message, null, false, false);
        this.type = type;
        this.status = status;
        this.origin = origin;
    }

    /** 400 BAD_PAYLOAD: the request is malformed or a required field is missing. */
    public static ArrowheadException badPayload(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.BAD_PAYLOAD, 400, message, origin);
    }

    /** 400 INVALID_PARAMETER: the request is well-formed but a value is not acceptable. */
    public static ArrowheadException invalidParameter(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.INVALID_PARAMETER, 400, message, origin);
    }

    /** 401 AUTH: the caller's certificate does not allow this request. */
    public static ArrowheadException auth(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.AUTH, 401, message, origin);
    }

    /** 403 FORBIDDEN (Arrowhead 5): the caller is identified but may not do this. */
    public static ArrowheadException forbidden(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.FORBIDDEN, 403, message, origin);
    }

    /** 409 INVALID_PARAMETER: the request is well formed but conflicts with what the Event Handler can guarantee. */
    public static ArrowheadException refused(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.INVALID_PARAMETER, 409, message, origin);
    }

    /** 404 DATA_NOT_FOUND: the requested entity does not exist. */
    public static ArrowheadException dataNotFound(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.DATA_NOT_FOUND, 404, message, origin);
    }

    /** 504 UNAVAILABLE: a core system this request needs did not answer. */
    public static ArrowheadException unavailable(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.UNAVAILABLE, 504, message, origin);
    }

    /**
     * 500 ARROWHEAD: a failure on the Event Handler's side that the caller cannot fix, as Arrowhead's plain
     * {@code ArrowheadException} (e.g. its {@code "Database operation exception"}).
     */
    public static ArrowheadException internal(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.ARROWHEAD, 500, message, origin);
    }

    public ExceptionType type() {
        return type;
    }

    public int status() {
        return status;
    }

    public String origin() {
        return origin;
    }
}
