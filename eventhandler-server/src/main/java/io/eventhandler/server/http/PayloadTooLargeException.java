package io.eventhandler.server.http;

import java.io.IOException;

/** The request body exceeds its limit ({@code eh.max.body.bytes} or an endpoint's own); answered 413. */
public final class PayloadTooLargeException extends IOException {

    /**
     * @param limit the limit in bytes
     * @param key   the setting that sets it, named in the answer so that an operator knows what to raise
     */
    public PayloadTooLargeException(final long limit, final String key) {
        super("Request body is larger than the limit of " + limit + " bytes (" + key + ").");
    }
}
