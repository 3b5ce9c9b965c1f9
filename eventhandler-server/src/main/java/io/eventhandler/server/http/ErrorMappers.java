package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns every exception a resource can raise into an Arrowhead {@code ErrorMessageDTO}. */
public final class ErrorMappers {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorMappers.class);

    private ErrorMappers() {
    }

    /** The mapper classes to register. */
    public static Class<?>[] all() {
        return new Class<?>[] {Arrowhead.class, Json.class, WebApplication.class, PayloadTooLarge.class,
            Unexpected.class};
    }

    private static String origin(final UriInfo uriInfo) {
        return uriInfo == null ? null : "/" + uriInfo.getPath();
    }

    /** Our own validation errors. */
    public static final class Arrowhead implements ExceptionMapper<ArrowheadException> {
        @Override
        public Response toResponse(final ArrowheadException e) {
            return ErrorResponses.response(ErrorResponses.body(e));
        }
    }

    /** Malformed or mistyped JSON. */
    public static final class Json implements ExceptionMapper<JsonProcessingException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(final JsonProcessingException e) {
            return ErrorResponses.response(new ErrorMessageDTO(JsonErrors.describe(e), 400, ExceptionType.BAD_PAYLOAD,
                    origin(uriInfo)));
        }
    }

    /** A body larger than the configured limit. */
    public static final class PayloadTooLarge implements ExceptionMapper<PayloadTooLargeException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(final PayloadTooLargeException e) {
            return ErrorResponses.response(new ErrorMessageDTO(e.getMessage(), 413, ExceptionType.BAD_PAYLOAD,
                    origin(uriInfo)));
        }
    }

    /** Jersey's own errors: unknown path (404), wrong method (405), wrong content type (415)... */
    public static final class WebApplication implements ExceptionMapper<WebApplicationException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(final WebApplicationException e) {
            final int status = e.getResponse().getStatus();
            if (status >= 500) {
                LOG.error("request to {} failed", origin(uriInfo), e);
            }
            final String message = status == 415 ? ErrorResponses.JSON_REQUIRED
                    : e.getMessage() == null ? "HTTP " + status : e.getMessage();
            return ErrorResponses.response(new ErrorMessageDTO(message, status, ErrorResponses.typeOf(status),
                    origin(uriInfo)));
        }
    }

    /** A bug of ours: logged with its stack trace, answered as 500 without internals. */
    public static final class Unexpected implements ExceptionMapper<RuntimeException> {
        @Context
        private UriInfo uriInfo;

        @Override
        public Response toResponse(final RuntimeException e) {
            LOG.error("unexpected failure of {}", origin(uriInfo), e);
            return ErrorResponses.response(new ErrorMessageDTO("Internal error: " + e.getClass().getSimpleName(),
                    500, ExceptionType.GENERIC, origin(uriInfo)));
        }
    }
}
