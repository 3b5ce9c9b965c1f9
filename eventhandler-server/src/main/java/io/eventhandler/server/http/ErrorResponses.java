package io.eventhandler.server.http;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Builds the {@code ErrorMessageDTO} responses every error of the Event Handler is answered with. */
public final class ErrorResponses {

    /** The answer to a body of another media type (415): every endpoint that reads a body reads JSON. */
    public static final String JSON_REQUIRED = "Content-Type: application/json is required for this request body.";

    private ErrorResponses() {
    }

    /** The Arrowhead exception type Arrowhead clients expect for an HTTP status. */
    public static ExceptionType typeOf(final int status) {
        return switch (status) {
            case 401, 403 -> ExceptionType.AUTH;
            case 404 -> ExceptionType.DATA_NOT_FOUND;
            case 503, 504 -> ExceptionType.UNAVAILABLE;
            default -> status >= 400 && status < 500 ? ExceptionType.BAD_PAYLOAD : ExceptionType.GENERIC;
        };
    }

    public static ErrorMessageDTO body(final ArrowheadException e) {
        return new ErrorMessageDTO(e.getMessage(), e.status(), e.type(), e.origin());
    }

    public static Response response(final ErrorMessageDTO error) {
        return Response.status(error.errorCode()).type(MediaType.APPLICATION_JSON_TYPE).entity(error).build();
    }
}
