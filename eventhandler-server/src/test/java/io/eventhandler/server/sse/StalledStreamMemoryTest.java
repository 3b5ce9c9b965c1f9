package io.eventhandler.server.sse;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What streams behind hold, and which are disconnected when they hold too much: a write that leaves at once counts
 * nothing; one that waits counts until it leaves or the stream closes; past the budget the streams that have taken
 * nothing for longest go first, none within its grace, until three quarters of the budget are left.
 */
class StalledStreamMemoryTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final AtomicInteger overBudgetCalls = new AtomicInteger();
    private final List<String> disconnected = new ArrayList<>();

    private StalledStreamMemory memory(final long budget) {
        final StalledStreamMemory memory = new StalledStreamMemory(budget, now::get);
        memory.onOverBudget(overBudgetCalls::incrementAndGet);
        return memory;
    }

    private StalledStreamMemory.Stream stream(final StalledStreamMemory memory, final String name, final int queued) {
        return stream(memory, name, "10.0.0.1", queued);
    }

    private StalledStreamMemory.Stream stream(final StalledStreamMemory memory, final String name,
                                              final String address, final int queued) {
        final StalledStreamMemory.Stream stream = memory.stream(address);
        stream.attach(() -> queued, () -> disconnected.add(name));
        return stream;
    }

    /** A write of {@code bytes} the socket does not take. */
    private static void stuckWrite(final StalledStreamMemory.Stream stream, final long bytes) {
        stream.add(bytes);
        stream.afterWrite();
    }

    private void later(final long millis) {
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void overTheBudgetOnlyAddressesWithoutAStreamBehindAreLetInAndOnlyUpToAQuarterOfTheBudgetMore() {
        final StalledStreamMemory memory = memory(100_000);
        final StalledStreamMemory.Stream first = stream(memory, "a1", "10.0.0.1", 0);
        final StalledStreamMemory.Stream second = stream(memory, "a2", "10.0.0.1", 0);
        stuckWrite(first, 60_000);
        assertTrue(memory.admits("10.0.0.1"), "within the budget, everyone");
        stuckWrite(second, 60_000);
        assertFalse(memory.admits("10.0.0.1"), "over it: not the address whose streams are behind");
        assertTrue(memory.admits("10.0.0.2"), "over it: another address");

        // a stream of another address that keeps up does not count against it
        final StalledStreamMemory.Stream reader = stream(memory, "b", "10.0.0.2", 0);
        reader.leftAtOnce();
        assertTrue(memory.admits("10.0.0.2"));
        // one of it behind does, and past a quarter of the budget more nobody is let in
        stuckWrite(reader, 4_000);
        assertFalse(memory.admits("10.0.0.2"));
        assertTrue(memory.admits("10.0.0.3"), "124,000 held: within 125,000");
        final StalledStreamMemory.Stream third = stream(memory, "c", "10.0.0.3", 0);
        stuckWrite(third, 2_000);
        assertFalse(memory.admits("10.0.0.4"), "126,000 held: nobody");

        // an address is let in again once none of its streams is behind (it caught up), everyone once the streams
        // behind hold no more than the budget
        reader.remove(4_000);
        assertTrue(memory.admits("10.0.0.2"), "122,000 held, none of its streams behind");
        assertFalse(memory.admits("10.0.0.1"));
        third.closed();
        first.closed();
        assertEquals(60_000, memory.heldBytes());
        assertTrue(memory.admits("10.0.0.1"));
    }

    @Test
    void aWriteThatLeavesAtOnceCountsNothingAndAStuckOneCountsUntilItLeaves() {
        final StalledStreamMemory memory = memory(1_000_000);
        final StalledStreamMemory.Stream stream = stream(memory, "a", 0);
        stream.leftAtOnce(); // what its output says of a write whose completion came within the call
        assertEquals(0, memory.heldBytes());
        assertEquals(0, memory.behind());

        stuckWrite(stream, 5_000);
        assertEquals(5_000, memory.heldBytes());
        assertEquals(1, memory.behind());
        stream.remove(5_000);
        assertEquals(0, memory.heldBytes());
        assertEquals(0, memory.behind());
    }

    @Test
    void aStreamBehindCountsItsBacklogAndAClosedOneNothingNotEvenALateCompletion() {
        final StalledStreamMemory memory = memory(1_000_000);
        final StalledStreamMemory.Stream stream = stream(memory, "a", 100);
        // it starts with a replay of 100 queued items: behind from the start
        assertEquals(100L * StalledStreamMemory.QUEUED_ITEM_BYTES, memory.heldBytes());
        stuckWrite(stream, 10_000);
        assertEquals(10_000 + 100L * StalledStreamMemory.QUEUED_ITEM_BYTES, memory.heldBytes());
        stream.closed();
        assertEquals(0, memory.heldBytes());
        stream.remove(10_000); // the write's completion, after the close
        stream.add(1_000); // a write racing the close
        assertEquals(0, memory.heldBytes());
        assertEquals(0, memory.behind());
    }

    @Test
    void aStreamBehindByItsReplayIsNoLongerOnceAWriteOfItLeavesAtOnce() {
        final StalledStreamMemory memory = memory(1_000_000);
        final StalledStreamMemory.Stream stream = stream(memory, "a", 1_000);
        assertEquals(1, memory.behind());
        stream.leftAtOnce();
        assertEquals(0, memory.behind());
        assertEquals(0, memory.heldBytes());
    }

    @Test
    void pastTheBudgetTheStreamsThatTookNothingLongestGoUntilThreeQuartersAreLeftButNoneWithinItsGrace() {
        final StalledStreamMemory memory = memory(100_000);
        final StalledStreamMemory.Stream oldest = stream(memory, "oldest", 0);
        final StalledStreamMemory.Stream reading = stream(memory, "reading", 0);
        final StalledStreamMemory.Stream middle = stream(memory, "middle", 0);
        final StalledStreamMemory.Stream newest = stream(memory, "newest", 0);
        stuckWrite(oldest, 30_000);
        later(100);
        stuckWrite(reading, 30_000);
        later(100);
        stuckWrite(middle, 30_000);
        assertEquals(0, overBudgetCalls.get());
        assertFalse(memory.shed(), "within the budget: nothing to do");
        later(100);
        stuckWrite(newest, 30_000);
        assertEquals(1, overBudgetCalls.get(), "the stream that went over asks for a shed");

        assertTrue(memory.shed(), "over, but every stream within its grace: ask again");
        assertEquals(List.of(), disconnected);

        later(1_500);
        // the reading one takes a write now and then: it is behind, but not idle
        reading.remove(10_000);
        stuckWrite(reading, 10_000);
        assertFalse(memory.shed());
        // 120,000 held, to come down to 75,000: the two that took nothing for longest
        assertEquals(List.of("oldest", "middle"), disconnected);

        oldest.closed();
        middle.closed();
        assertEquals(60_000, memory.heldBytes());
        assertFalse(memory.shed());
        assertEquals(2, disconnected.size());
    }

    @Test
    void aStreamBeingDisconnectedIsNotShedTwiceWhileItsConnectionCloses() {
        final StalledStreamMemory memory = memory(50_000);
        final StalledStreamMemory.Stream first = stream(memory, "first", 0);
        final StalledStreamMemory.Stream second = stream(memory, "second", 0);
        stuckWrite(first, 40_000);
        later(1);
        stuckWrite(second, 40_000);
        later(2_000);
        memory.shed();
        assertEquals(List.of("first", "second"), disconnected, "80,000 to come down to 37,500");
        memory.shed(); // their connections have not closed yet
        assertEquals(2, disconnected.size());
    }
}
