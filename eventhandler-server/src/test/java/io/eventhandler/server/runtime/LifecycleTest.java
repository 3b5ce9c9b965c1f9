package io.eventhandler.server.runtime;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Parts start in the order added and stop in reverse, phase by phase; a failed start undoes itself. */
class LifecycleTest {

    private final List<String> calls = new ArrayList<>();

    private Component part(final String name) {
        return new Component() {
            @Override
            public void start() {
                calls.add("start " + name);
            }

            @Override
            public void stopAccepting() {
                calls.add("stop accepting " + name);
            }

            @Override
            public void drain(final Deadline deadline) {
                calls.add("drain " + name);
            }

            @Override
            public void close() {
                calls.add("close " + name);
            }
        };
    }

    @Test
    void startsInOrderAndStopsInReversePhaseByPhase() {
        final Lifecycle lifecycle = new Lifecycle();
        lifecycle.add("a", part("a"));
        lifecycle.add("b", part("b"));
        lifecycle.start();
        assertEquals(Lifecycle.State.RUNNING, lifecycle.state());
        lifecycle.stop(Duration.ofSeconds(1));
        assertEquals(List.of("start a", "start b", "stop accepting b", "stop accepting a", "drain b", "drain a",
                "close b", "close a"), calls);
        assertEquals(Lifecycle.State.STOPPED, lifecycle.state());
        lifecycle.close();
        assertEquals(8, calls.size(), "a second stop does nothing");
    }

    @Test
    void aFailedStartStopsWhatStartedAndClosesEverything() {
        final Lifecycle lifecycle = new Lifecycle();
        lifecycle.add("a", part("a"));
        lifecycle.add("broken", new Component() {
            @Override
            public void start() {
                throw new IllegalStateException("port taken");
            }

            @Override
            public void close() {
                calls.add("close broken");
            }
        });
        lifecycle.add("c", part("c"));
        final IllegalStateException e = assertThrows(IllegalStateException.class, lifecycle::start);
        assertEquals("port taken", e.getMessage());
        assertEquals(List.of("start a", "stop accepting a", "drain a", "close c", "close broken", "close a"), calls);
    }

    @Test
    void aPartThatFailsToCloseDoesNotKeepTheOthersOpen() {
        final Lifecycle lifecycle = new Lifecycle();
        lifecycle.add("a", part("a"));
        lifecycle.own("failing", () -> {
            throw new java.io.IOException("disk gone");
        });
        lifecycle.start();
        lifecycle.close();
        assertEquals(List.of("start a", "stop accepting a", "drain a", "close a"), calls);
    }

    @Test
    void ownReturnsWhatItOwns() throws Exception {
        final Lifecycle lifecycle = new Lifecycle();
        final AutoCloseable closeable = () -> calls.add("closed");
        assertSame(closeable, lifecycle.own("x", closeable));
        lifecycle.close();
        assertEquals(List.of("closed"), calls);
    }
}
