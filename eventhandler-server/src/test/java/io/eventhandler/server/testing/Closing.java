package io.eventhandler.server.testing;

/** Closing a test's fixtures in order, each even when one before it failed to close. */
public final class Closing {

    private Closing() {
    }

    /** Closes each non-null one in turn; a failure to close one does not keep the next open. */
    public static void all(final AutoCloseable... closeables) {
        for (final AutoCloseable closeable : closeables) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (final Exception e) {
                // the next one still closes
            }
        }
    }
}
