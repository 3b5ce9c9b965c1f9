package io.eventhandler.server.config;

/**
 * Something the configuration names (the listening port, the subscription store's files) is held by another
 * process. The message is one sentence for the operator: what is taken, and which key moves this instance elsewhere.
 */
public final class ResourceInUseException extends RuntimeException {

    public ResourceInUseException(final String message, final Throwable cause) {
        super(message, cause);
    }

    /** The listening port is taken. */
    public static ResourceInUseException port(final String address, final int port, final Throwable cause) {
        return new ResourceInUseException("Port " + port + " on " + address + " is already in use by another "
                + "process: stop that process, or choose another port with " + HttpConfiguration.PORT.key()
                + " (environment variable " + ConfigSource.environmentName(HttpConfiguration.PORT.key()) + ").",
                cause);
    }

    /** The embedded database's files are locked by another instance. */
    public static ResourceInUseException store(final String where, final Throwable cause) {
        return new ResourceInUseException("Another Event Handler instance holds the subscription store " + where
                + ": stop that instance, or give this one its own store with " + StoreConfiguration.URL.key()
                + " (environment variable " + ConfigSource.environmentName(StoreConfiguration.URL.key())
                + "), e.g. jdbc:h2:file:./data2/eventhandler.", cause);
    }
}
