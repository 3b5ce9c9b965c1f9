package io.eventhandler.core.engine.graph;

import java.util.List;
import java.util.stream.IntStream;

/**
 * CPEP's priority rules (§2.4): a consumer-facing operator gets its consumer's priority, every operator the highest
 * priority among its downstream operators. Where the paper is silent (a consumer-facing operator that also feeds
 * others) the operator gets the maximum of both, so that no operator runs below a consumer that waits on it.
 */
final class PriorityPropagation {

    private PriorityPropagation() {
    }

    /**
     * @param consumerPriority per node in topological order, its consumer priority or null
     * @param downstream       per node in topological order, its successors (positions in the same order)
     * @return per node, the propagated priority
     */
    static int[] propagate(final Integer[] consumerPriority, final List<List<Edge>> downstream) {
        final int n = consumerPriority.length;
        final int[] priority = new int[n];
        // Reverse topological order: every successor is final before its predecessors read it (one scan).
        for (int p = n - 1; p >= 0; p--) {
            int max = consumerPriority[p] == null ? Integer.MIN_VALUE : consumerPriority[p];
            for (final Edge e : downstream.get(p)) {
                max = Math.max(max, priority[e.node()]);
            }
            priority[p] = max;
        }
        return priority;
    }

    /** The distinct priorities, highest first: one processing level each. */
    static List<Integer> levels(final int[] priority) {
        return IntStream.of(priority).boxed().distinct()
                .sorted((a, b) -> Integer.compare(b, a)).toList();
    }
}
