package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import org.glassfish.grizzly.http.server.ErrorPageGenerator;
import org.glassfish.grizzly.http.server.Request;

/**
 * The error "pages" Grizzly writes itself (while shutting down, a failure outside every handler, {@code sendError}):
 * an {@code ErrorMessageDTO} with the status and its reason, never Grizzly's HTML page with its version and the
 * exception.
 */
public final class JsonErrorPages implements ErrorPageGenerator {

    private final ObjectWriter errorWriter;

    public JsonErrorPages(final ObjectWriter errorWriter) {
        this.errorWriter = errorWriter;
    }

    @Override
    public String generate(final Request request, final int status, final String reasonPhrase,
                           final String description, final Throwable exception) {
        request.getResponse().setContentType("application/json");
        final String message = status == 503
                ? "The Event Handler is stopping: retry in a moment, or on another instance."
                : "HTTP " + status + (reasonPhrase == null ? "" : " " + reasonPhrase);
        try {
            return errorWriter.writeValueAsString(new ErrorMessageDTO(message, status, ErrorResponses.typeOf(status),
                    null));
        } catch (final JsonProcessingException e) {
            return null;
        }
    }
}
