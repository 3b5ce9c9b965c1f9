package io.eventhandler.server.runtime;

/**
 * A part of the running server as the {@link Lifecycle} sees it. Started in the order the parts were added; stopped
 * in three phases, each over all parts in reverse order: stop accepting, drain, close. Only {@link #close()} is
 * required; a part holds no thread, socket or file before {@link #start()} unless it was added as soon as it was
 * built.
 */
public interface Component {

    /** Start serving; every part added before this one has started. Failures are unchecked. */
    default void start() {
    }

    /** Orderly stop, first phase: take no new work (refuse it clearly, e.g. with 503). */
    default void stopAccepting() {
    }

    /** Second phase: finish what was accepted, until the deadline. */
    default void drain(final Deadline deadline) {
    }

    /** Last phase: release threads, connections and files. Also called on a part that never started. */
    void close();

    /** A part that only needs closing. */
    static Component closing(final AutoCloseable closeable) {
        return of(() -> { }, closeable);
    }

    /** A part that starts with {@code start} and closes with {@code close}. */
    static Component of(final Runnable start, final AutoCloseable close) {
        return new Component() {
            @Override
            public void start() {
                start.run();
            }

            @Override
            public void close() {
                try {
                    close.close();
                } catch (final RuntimeException e) {
                    throw e;
                } catch (final Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
