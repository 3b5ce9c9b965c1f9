package io.eventhandler.api;

/** The {@code exceptionType} values of Arrowhead's {@code ErrorMessageDTO}. */
public enum ExceptionType {
    ARROWHEAD,
    AUTH,
    BAD_PAYLOAD,
    INVALID_PARAMETER,
    DATA_NOT_FOUND,
    TIMEOUT,
    GENERIC,
    UNAVAILABLE,
    /** Arrowhead 5's 403: identified, but not allowed (e.g. a certificate of a profile that may not call). */
    FORBIDDEN
}
