package io.eventhandler.core.outbox;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertFalse(executor.inScope());
    }

    @Test
    void oneExecutorsScopeIsNotAnothers() {
        final DeferredDeliveryExecutor first = new DeferredDeliveryExecutor(Runnable::run, Integer.MAX_VALUE);
        final DeferredDeliveryExecutor second = new DeferredDeliveryExecutor(Runnable::run, Integer.MAX_VALUE);
        first.beginScope();
        try {
            assertTrue(first.inScope());
            assertFalse(second.inScope(), "EdfDelivery reads its own executor's scope to recognise a merged job");
            final List<String> ran = new ArrayList<>();
            second.execute(() -> ran.add("now"));
            assertEquals(List.of("now"), ran, "a drain of an executor outside its scope runs at once");
        } finally {
            first.runDeferred();
        }
    }

    @Test
    void withoutDeferringAScopeKeepsNothing() {
        final DeferredDeliveryExecutor off = new DeferredDeliveryExecutor(Runnable::run, 0);
        off.beginScope();
        assertFalse(off.inScope());
        final List<String> ran = new ArrayList<>();
        off.execute(() -> ran.add("now"));
        assertEquals(List.of("now"), ran);
    }
}
