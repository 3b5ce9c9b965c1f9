package io.eventhandler.server.http;

import io.eventhandler.api.ExceptionType;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;

import java.io.IOException;

/**
 * A Grizzly handler of the Event Handler: what Grizzly refuses on its behalf before {@code service} (an
 * {@code Expect} other than {@code 100-continue}, 417) is answered with an {@code ErrorMessageDTO} too, not with an
 * empty body.
 */
public abstract class ErrorAnsweringHandler extends HttpHandler {

    protected final GrizzlyResponses responses;

    protected ErrorAnsweringHandler(final GrizzlyResponses responses) {
        this.responses = responses;
    }

    @Override
    protected boolean sendAcknowledgment(final Request request, final Response response) throws IOException {
        if (super.sendAcknowledgment(request, response)) {
            return true;
        }
        responses.error(response, 417, ExceptionType.BAD_PAYLOAD, "Expect: " + request.getHeader(Header.Expect)
                + " cannot be met; only 100-continue is supported.", null);
        return false;
    }
}
