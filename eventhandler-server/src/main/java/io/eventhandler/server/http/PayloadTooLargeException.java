package io.eventhandler.server.http;

import java.io.IOException;

/** The request body exceeds {@code eh.max.body.bytes}; answered 413. */
public final class PayloadTooLargeException extends IOException {

    public PayloadTooLargeException(final long limit) {
        super("Request body is larger than the limit of " + limit + " bytes.");
    }
}
