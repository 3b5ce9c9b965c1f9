package io.eventhandler.server.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the server's parts in the order they were added and stops them in reverse, in three phases (stop accepting,
 * drain until a deadline, close), each over every part before the next begins. A part that fails to stop is logged
 * and the others still stop. A failed start stops what started and closes everything added.
 */
public final class Lifecycle implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Lifecycle.class);

    /** Where the lifecycle is. */
    public enum State { BUILDING, STARTING, RUNNING, STOPPING, STOPPED }

    private record Part(String name, Component component) {
    }

    private final List<Part> parts = new ArrayList<>();
    private int started;
    private State state = State.BUILDING;

    /** Adds a part; it starts after every part added before it, and stops before them. */
    public synchronized <T extends Component> T add(final String name, final T component) {
        if (state != State.BUILDING && state != State.STARTING) {
            throw new IllegalStateException("cannot add " + name + " to a lifecycle that is " + state);
        }
        parts.add(new Part(name, component));
        return component;
    }

    /** Adds a part that needs only closing, and returns it. */
    public <T extends AutoCloseable> T own(final String name, final T closeable) {
        add(name, Component.closing(closeable));
        return closeable;
    }

    /**
     * Starts every part in order.
     *
     * @throws RuntimeException the first part's failure to start, after everything was stopped again
     */
    public synchronized void start() {
        state = State.STARTING;
        for (final Part part : parts.subList(started, parts.size())) {
            try {
                part.component().start();
                started++;
            } catch (final RuntimeException | Error e) {
                LOG.debug("{} failed to start; stopping what started", part.name());
                stop(Duration.ZERO);
                throw e;
            }
        }
        state = State.RUNNING;
    }

    public synchronized State state() {
        return state;
    }

    /**
     * Stops every part in reverse order: all stop accepting, then all drain until {@code grace} has passed, then
     * all close. Parts that never started only close. A second call does nothing.
     */
    public synchronized void stop(final Duration grace) {
        if (state == State.STOPPING || state == State.STOPPED) {
            return;
        }
        state = State.STOPPING;
        final List<Part> reverse = new ArrayList<>(parts);
        java.util.Collections.reverse(reverse);
        final List<Part> startedReverse = reverse.subList(parts.size() - started, parts.size());
        for (final Part part : startedReverse) {
            quietly(part, "stop accepting", () -> part.component().stopAccepting());
        }
        final Deadline deadline = Deadline.in(grace);
        for (final Part part : startedReverse) {
            quietly(part, "drain", () -> part.component().drain(deadline));
        }
        for (final Part part : reverse) {
            quietly(part, "close", () -> part.component().close());
        }
        state = State.STOPPED;
    }

    private static void quietly(final Part part, final String phase, final Runnable action) {
        try {
            action.run();
        } catch (final RuntimeException e) {
            LOG.warn("{}: {} failed: {}", part.name(), phase, e.toString(), e);
        }
    }

    /** Stops at once: {@code stop(Duration.ZERO)}. */
    @Override
    public void close() {
        stop(Duration.ZERO);
    }
}
