package io.eventhandler.server.frontend;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.security.AccessControl;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.grizzly.http.server.Request;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /eventhandler/openapi.json}: the OpenAPI 3 description of every endpoint, the hand-written
 * {@value #RESOURCE} on the class path ({@code OpenApiTest} keeps it and the resources in step). Any system of the
 * local cloud may read it, as it may call echo.
 */
@Path(EventHandlerApi.BASE_PATH + OpenApiResource.PATH)
@Singleton
public final class OpenApiResource {

    public static final String PATH = "/openapi.json";
    /** Where the document is on the class path. */
    public static final String RESOURCE = "/io/eventhandler/server/frontend/openapi.json";
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + PATH;

    private final AccessControl access;
    /** Read once: the document is part of the build and does not change while the server runs. */
    private final byte[] document;

    @Inject
    public OpenApiResource(final AccessControl access) {
        this.access = access;
        this.document = load();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] document(@Context final Request http) {
        access.requireLocalCloud(http, ORIGIN);
        return document;
    }

    /** The document's bytes; fails when the build left it out, which the tests would notice first. */
    public static byte[] load() {
        try (InputStream in = OpenApiResource.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            return in.readAllBytes();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
