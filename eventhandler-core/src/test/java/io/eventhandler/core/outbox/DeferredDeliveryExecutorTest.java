package io.eventhandler.core.outbox;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DeferredDeliveryExecutorTest {

    private final List<String> ranOnPool = new ArrayList<>();

    @Test
    void insideAScopeDrainsWaitForRunDeferredAndTheRestGoToThePool() {
        final DeferredDeliveryExecutor executor = new DeferredDeliveryExecutor(r -> {
            ranOnPool.add("pool");
            r.run();
        }, 2);
        final List<String> ran = new ArrayList<>();
        executor.beginScope();
        executor.execute(() -> ran.add("a"));
        executor.execute(() -> ran.add("b"));
        executor.execute(() -> ran.add("c")); // beyond maxDeferred: to the pool at once
        assertEquals(List.of("c"), ran);
        assertEquals(1, ranOnPool.size());

        executor.runDeferred();
        assertEquals(List.of("c", "a", "b"), ran);
        executor.execute(() -> ran.add("d")); // the scope is over: to the pool at once
        assertEquals(List.of("c", "a", "b", "d"), ran);
        assertEquals(2, ranOnPool.size());
    }

    @Test
    void oneExecutorsScopeIsNotAnothers() {
        final DeferredDeliveryExecutor first = new DeferredDeliveryExecutor(Runnable::run, Integer.MAX_VALUE);
        final DeferredDeliveryExecutor second = new DeferredDeliveryExecutor(Runnable::run, Integer.MAX_VALUE);
        final List<String> ran = new ArrayList<>();
        first.beginScope();
        try {
            first.execute(() -> ran.add("kept"));
            second.execute(() -> ran.add("now"));
            assertEquals(List.of("now"), ran, "a drain of an executor outside its scope runs at once");
        } finally {
            first.runDeferred();
        }
        assertEquals(List.of("now", "kept"), ran);
    }

    @Test
    void withoutDeferringAScopeKeepsNothing() {
        final DeferredDeliveryExecutor off = new DeferredDeliveryExecutor(Runnable::run, 0);
        off.beginScope();
        final List<String> ran = new ArrayList<>();
        off.execute(() -> ran.add("now"));
        assertEquals(List.of("now"), ran);
    }
}
