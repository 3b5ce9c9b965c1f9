package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.OperatorNode;

import java.util.Arrays;
import java.util.List;

/**
 * The waiting inputs of one operator. An operator is ready when every input holds an event; a newer event on a
 * waiting input replaces the older one (for this operator only, the event itself is shared); a run consumes its
 * inputs, so they are never used again by this operator. Time consistency is checked when the operator becomes
 * ready, just before it runs: under SHED the stale inputs are dropped and the operator waits for fresh ones, keeping
 * the valid ones; under MARK it runs and its result is marked. Thread-safe (one monitor per operator).
 */
final class NodeState {

    private final EngineEvent[] slots;
    private final RelativeValidityTracker[] trackers;
    private final ConsistencyPolicy policy;

    NodeState(final OperatorNode node, final ConsistencyPolicy policy) {
        this.slots = new EngineEvent[node.inputs().size()];
        this.trackers = node.relativeValidity().stream().map(RelativeValidityTracker::new)
                .toArray(RelativeValidityTracker[]::new);
        this.policy = policy;
    }

    /**
     * Takes an event for one input.
     *
     * @return the run it makes ready, or null while inputs are missing or after shedding stale ones
     */
    synchronized Invocation arrive(final int position, final EngineEvent event, final long nowMicros,
                                   final Counters.OperatorCounters counters) {
        if (slots[position] != null) {
            counters.replacements.increment();
        }
        slots[position] = event;
        for (final RelativeValidityTracker tracker : trackers) {
            tracker.update(position, event.tbMicros());
        }
        for (final EngineEvent slot : slots) {
            if (slot == null) {
                return null;
            }
        }
        final boolean violated = checkAbsolute(nowMicros, counters) | checkRelative(counters);
        if (violated && policy == ConsistencyPolicy.SHED) {
            return null;
        }
        boolean marked = violated;
        for (final EngineEvent slot : slots) {
            marked |= slot.marked();
        }
        final Invocation run = new Invocation(List.of(slots.clone()), marked);
        Arrays.fill(slots, null);
        return run;
    }

    private boolean checkAbsolute(final long nowMicros, final Counters.OperatorCounters counters) {
        boolean violated = false;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null && slots[i].expiredAt(nowMicros)) {
                violated = true;
                counters.absoluteViolations.increment();
                shed(i, counters);
            }
        }
        return violated;
    }

    private boolean checkRelative(final Counters.OperatorCounters counters) {
        boolean violated = false;
        for (final RelativeValidityTracker tracker : trackers) {
            if (tracker.violated()) {
                violated = true;
                counters.relativeViolations.increment();
                for (final int position : tracker.stale()) {
                    shed(position, counters);
                }
            }
        }
        return violated;
    }

    private void shed(final int position, final Counters.OperatorCounters counters) {
        if (policy == ConsistencyPolicy.SHED && slots[position] != null) {
            slots[position] = null;
            counters.shed.increment();
        }
    }
}
