package io.eventhandler.server.http;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;

/** Error answers for the endpoints Grizzly serves directly (publish, SSE), in the same shape as Jersey's. */
public final class GrizzlyResponses {

    private final ObjectWriter errorWriter;

    public GrizzlyResponses(final ObjectWriter errorWriter) {
        this.errorWriter = errorWriter;
    }

    /** Write an {@code ErrorMessageDTO} with its status. */
    public void error(final Response response, final ErrorMessageDTO error) throws IOException {
        final byte[] body = errorWriter.writeValueAsBytes(error);
        response.setStatus(error.errorCode());
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** Write an error with the exception type Arrowhead clients expect for the status. */
    public void error(final Response response, final int status, final String message, final String origin)
            throws IOException {
        error(response, new ErrorMessageDTO(message, status, ErrorResponses.typeOf(status), origin));
    }

    /** Write an error of an explicit type. */
    public void error(final Response response, final int status, final ExceptionType type, final String message,
                      final String origin) throws IOException {
        error(response, new ErrorMessageDTO(message, status, type, origin));
    }
}
