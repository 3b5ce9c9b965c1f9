package io.eventhandler.client.discovery;

/** A call to an Arrowhead core system got no usable answer: no connection, a non-2xx status or a bad body. */
final class CoreSystemCallException extends Exception {

    private static final long serialVersionUID = 1L;

    CoreSystemCallException(final String message) {
        super(message);
    }

    CoreSystemCallException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
