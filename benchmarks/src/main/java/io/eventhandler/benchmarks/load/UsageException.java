package io.eventhandler.benchmarks.load;

/** The command line is wrong; the message says how, naming the option and the value. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A usage error.
     *
     * @param message what is wrong, naming the option
     */
    public UsageException(final String message) {
        super(message);
    }
}
