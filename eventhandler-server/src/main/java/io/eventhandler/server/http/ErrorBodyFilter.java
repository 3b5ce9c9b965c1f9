package io.eventhandler.server.http;

import io.eventhandler.api.ErrorMessageDTO;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;

/**
 * Gives an {@code ErrorMessageDTO} body to the error responses Jersey builds without the exception mappers (a
 * request header it cannot parse is an empty 400), so that every error of the Event Handler has the Arrowhead shape.
 */
public final class ErrorBodyFilter implements ContainerResponseFilter {

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        final int status = response.getStatus();
        if (status < 400 || response.hasEntity()) {
            return;
        }
        final String reason = response.getStatusInfo().getReasonPhrase();
        response.setEntity(new ErrorMessageDTO("HTTP " + status + (reason == null ? "" : " " + reason), status,
                        ErrorResponses.typeOf(status), "/" + request.getUriInfo().getPath()),
                null, MediaType.APPLICATION_JSON_TYPE);
    }
}
