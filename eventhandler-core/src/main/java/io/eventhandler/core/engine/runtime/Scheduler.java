package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.Edge;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The queues of every level and the one place where work is picked, strictly by priority: for levels from the
 * highest, first the level's PendingQ (ready operator inputs, W), then its InputQ (supplier events, W), then its
 * MovingQ (results shared with lower levels, M) — the order W_H > M_H > W_M > M_M > W_L > M_L that CPEP gets from
 * real-time thread priorities. A move is an O(1) transfer into the destination's PendingQ, so the scheduler does it
 * itself, at its place in that order, rather than on a separate mover thread.
 *
 * <p>Two kinds of worker take from it: general workers take anything, reserved workers only the highest level's work
 * (and its moves). Running operators cannot be preempted, so without a reserved worker a highest-level event that
 * arrives while every worker is inside a lower-level operator waits for one of them to finish; a reserved worker is
 * CPEP's own thread for the highest level. Idle workers park on their kind's condition; work of the highest level
 * wakes a parked reserved worker and a parked general one (whichever the OS runs first takes it), other work a general
 * one.
 *
 * <p>Only offers from outside the engine wake workers: a worker that leaves work queued (results it routed, the rest of
 * a fan-out) takes it itself next, because a worker it woke would, on a small machine, be put by the kernel on the
 * waker's own core and wait there until the waker stops (traced on two cores: most waits of a millisecond and more were
 * of exactly this kind). The exception is a reserved worker leaving lower-level work, which it may not take: it wakes a
 * general one. {@code workersWakeWorkers} restores the hand-over to a parked worker, for comparison.
 *
 * <p>Thread-safe: every method holds one lock for a few queue operations, never while an operator runs.
 */
final class Scheduler {

    /** MovingQ order: the highest destination level first, then insertion order (CPEP's tie-breaker). */
    static final Comparator<Move> MOVE_ORDER =
            Comparator.comparingInt(Move::toLevel).thenComparingLong(Move::sequence);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition anyWork = lock.newCondition();
    private final Condition highestWork = lock.newCondition();
    private final List<List<Edge>> consumersByTopic;
    private final Counters counters;
    // Replaced together, under the lock, when subscribers' priority requests change the levels
    private Level[] levels;
    private List<Integer> levelPriorities;
    private int[] topicLevel;
    private int[] nodeLevel;
    private long moveSequence;
    private long dropped;
    private boolean retired;
    private int parkedGeneral;
    private int parkedReserved;
    private long signals;
    private final boolean workersWakeWorkers;

    /**
     * @param levelPriorities  per level, highest first, the priority it serves (for statistics)
     * @param consumersByTopic per supplier topic index, where its events go
     * @param topicLevel       per supplier topic index, its level
     * @param nodeLevel        per node index, its level
     * @param counters         where moves are counted
     * @param workersWakeWorkers whether a worker leaving work queued wakes a parked one for it (see the class comment)
     */
    Scheduler(final List<Integer> levelPriorities, final List<List<Edge>> consumersByTopic, final int[] topicLevel,
              final int[] nodeLevel, final Counters counters, final boolean workersWakeWorkers) {
        this.consumersByTopic = consumersByTopic;
        this.workersWakeWorkers = workersWakeWorkers;
        this.counters = counters;
        this.levelPriorities = List.copyOf(levelPriorities);
        this.levels = newLevels(levelPriorities.size(), consumersByTopic.size());
        this.topicLevel = topicLevel.clone();
        this.nodeLevel = nodeLevel.clone();
    }

    private static Level[] newLevels(final int count, final int topics) {
        final Level[] made = new Level[count];
        for (int i = 0; i < count; i++) {
            made[i] = new Level(topics);
        }
        return made;
    }

    /**
     * Moves everything queued to new levels (same graph, new priorities) without losing or reordering work
     * within a level: queued supplier events keep their replacement slot, pending deliveries and moves go to
     * their operator's new level. Waiting and running operators are untouched.
     */
    void relevel(final List<Integer> newLevelPriorities, final int[] newTopicLevel, final int[] newNodeLevel) {
        lock.lock();
        try {
            final Level[] old = levels;
            levelPriorities = List.copyOf(newLevelPriorities);
            levels = newLevels(newLevelPriorities.size(), consumersByTopic.size());
            topicLevel = newTopicLevel.clone();
            nodeLevel = newNodeLevel.clone();
            if (retired) {
                return;
            }
            for (final Level level : old) {
                for (Delivery d = level.pending.poll(); d != null; d = level.pending.poll()) {
                    levels[nodeLevel[d.node()]].pending.add(d);
                }
                for (int topic = level.input.poll(); topic >= 0; topic = level.input.poll()) {
                    levels[topicLevel[topic]].input.offer(topic, level.input.take(topic));
                }
                for (Move m = level.moving.poll(); m != null; m = level.moving.poll()) {
                    levels[nodeLevel[m.delivery().node()]].pending.add(m.delivery());
                }
            }
            anyWork.signalAll();
            highestWork.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Queues a supplier event at its topic's level; returns whether it replaced a queued one of that topic. */
    boolean offerSupplier(final int topicIndex, final EngineEvent event) {
        lock.lock();
        try {
            if (retired) {
                dropped++;
                return false;
            }
            final int level = topicLevel[topicIndex];
            final boolean replaced = levels[level].input.offer(topicIndex, event);
            if (!replaced) {
                wake(level);
            }
            return replaced;
        } finally {
            lock.unlock();
        }
    }

    /** Queues an operator's result for its successors: same level to the PendingQ, others to the MovingQ. */
    void route(final int fromNode, final List<Delivery> deliveries) {
        lock.lock();
        try {
            if (retired) {
                dropped += deliveries.size();
                return;
            }
            final int fromLevel = nodeLevel[fromNode];
            for (final Delivery d : deliveries) {
                enqueue(fromLevel, d);
                if (workersWakeWorkers) {
                    wake(Math.max(fromLevel, nodeLevel[d.node()])); // a move is first served at fromLevel
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The most urgent delivery a worker of its kind may take, waiting for one if there is none.
     *
     * @param reserved whether the caller is a reserved worker, which takes only the highest level's work
     * @return the delivery, or null once retired or after {@code maxWaitNanos}
     */
    Delivery take(final long maxWaitNanos, final boolean reserved) throws InterruptedException {
        lock.lock();
        try {
            long remaining = maxWaitNanos;
            final int servedLevels = reserved ? 1 : Integer.MAX_VALUE;
            while (!retired) {
                final Delivery next = pick(servedLevels);
                if (workersWakeWorkers && hasWork(0, 1)) {
                    wake(0); // hand the rest to another idle worker
                } else if ((workersWakeWorkers || reserved) && hasWork(1, levels.length)) {
                    wake(1); // also what a reserved worker's moves just queued below
                }
                if (next != null) {
                    return next;
                }
                if (remaining <= 0) {
                    return null;
                }
                remaining = park(reserved, remaining);
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    private long park(final boolean reserved, final long nanos) throws InterruptedException {
        if (reserved) {
            parkedReserved++;
            try {
                return highestWork.awaitNanos(nanos);
            } finally {
                parkedReserved--;
            }
        }
        parkedGeneral++;
        try {
            return anyWork.awaitNanos(nanos);
        } finally {
            parkedGeneral--;
        }
    }

    /** Wakes a parked worker that may take {@code level}'s work; for the highest level a reserved and a general one. */
    private void wake(final int level) {
        if (level == 0 && parkedReserved > 0) {
            highestWork.signal();
            signals++;
        }
        if (parkedGeneral > 0) {
            anyWork.signal();
            signals++;
        }
    }

    /** Stops taking work and drops everything queued; returns how many events and deliveries were dropped. */
    long retire() {
        lock.lock();
        try {
            long count = 0;
            for (final Level level : levels) {
                count += level.pending.size() + level.input.size() + level.moving.size();
                level.pending.clear();
                level.input.clear();
                level.moving.clear();
            }
            retired = true;
            dropped += count;
            anyWork.signalAll();
            highestWork.signalAll();
            return count;
        } finally {
            lock.unlock();
        }
    }

    boolean retired() {
        lock.lock();
        try {
            return retired;
        } finally {
            lock.unlock();
        }
    }

    /** Events and deliveries offered or routed after retirement, or queued at it. */
    long dropped() {
        lock.lock();
        try {
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    /** General workers parked now (for tests). */
    int parkedGeneral() {
        lock.lock();
        try {
            return parkedGeneral;
        } finally {
            lock.unlock();
        }
    }

    /** Signals given to parked workers so far (for tests). */
    long signals() {
        lock.lock();
        try {
            return signals;
        } finally {
            lock.unlock();
        }
    }

    /** Queue lengths per level, highest level first. */
    List<LevelStatistics> levelSnapshot() {
        lock.lock();
        try {
            final List<LevelStatistics> out = new ArrayList<>(levels.length);
            for (int i = 0; i < levels.length; i++) {
                out.add(new LevelStatistics(levelPriorities.get(i), levels[i].input.size(), levels[i].pending.size(),
                        levels[i].moving.size()));
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** The most urgent delivery among the first {@code servedLevels} levels, or null. */
    private Delivery pick(final int servedLevels) {
        for (int i = 0; i < Math.min(servedLevels, levels.length); i++) {
            final Level level = levels[i];
            while (true) {
                final Delivery pending = level.pending.poll();
                if (pending != null) {
                    return pending;
                }
                // PendingQ empty: the next supplier event of this level fans out, then the loop serves it.
                final int topic = level.input.poll();
                if (topic < 0) {
                    break;
                }
                final EngineEvent event = level.input.take(topic);
                for (final Edge e : consumersByTopic.get(topic)) {
                    enqueue(i, new Delivery(e.node(), e.inputPosition(), event));
                }
            }
            // No work of this level left: share its results with lower levels before serving them.
            while (!level.moving.isEmpty()) {
                final Move move = level.moving.poll();
                levels[move.toLevel()].pending.add(move.delivery());
                counters.operator(move.delivery().node()).moved.increment();
            }
        }
        return null;
    }

    private void enqueue(final int fromLevel, final Delivery d) {
        final int to = nodeLevel[d.node()];
        if (to == fromLevel) {
            levels[to].pending.add(d);
        } else {
            levels[fromLevel].moving.add(new Move(d, to, moveSequence++));
        }
    }

    /** Whether any level in [{@code fromLevel}, {@code toLevel}) has queued work. */
    private boolean hasWork(final int fromLevel, final int toLevel) {
        for (int i = fromLevel; i < Math.min(toLevel, levels.length); i++) {
            final Level level = levels[i];
            if (!level.pending.isEmpty() || !level.input.isEmpty() || !level.moving.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    record Move(Delivery delivery, int toLevel, long sequence) {
    }

    private static final class Level {
        final ArrayDeque<Delivery> pending = new ArrayDeque<>();
        final InputQueue input;
        final PriorityQueue<Move> moving = new PriorityQueue<>(MOVE_ORDER);

        Level(final int topics) {
            this.input = new InputQueue(topics);
        }
    }
}
