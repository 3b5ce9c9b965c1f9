package io.eventhandler.core.engine.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/** Topological ordering of the operator DAG, naming the nodes of every cycle that prevents one. */
final class CycleFinder {

    private CycleFinder() {
    }

    /**
     * Orders nodes so that every operator comes after its upstream operators (Kahn's algorithm).
     *
     * @param upstream per node, the indices of the nodes it reads from
     * @return the order, shorter than the node count when there are cycles
     */
    static List<Integer> topologicalOrder(final List<List<Integer>> upstream) {
        final int n = upstream.size();
        final int[] missing = new int[n];
        final List<List<Integer>> downstream = downstream(upstream);
        final Deque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            missing[i] = upstream.get(i).size();
            if (missing[i] == 0) {
                ready.add(i);
            }
        }
        final List<Integer> order = new ArrayList<>(n);
        while (!ready.isEmpty()) {
            final int node = ready.poll();
            order.add(node);
            for (final int next : downstream.get(node)) {
                if (--missing[next] == 0) {
                    ready.add(next);
                }
            }
        }
        return order;
    }

    /** Every cycle found by a depth-first search, as node indices with the first repeated at the end. */
    static List<List<Integer>> cycles(final List<List<Integer>> upstream) {
        final int n = upstream.size();
        final int[] state = new int[n]; // 0 unvisited, 1 on the current path, 2 done
        final List<Integer> path = new ArrayList<>();
        final List<List<Integer>> cycles = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (state[i] == 0) {
                visit(i, upstream, state, path, cycles);
            }
        }
        return cycles;
    }

    private static void visit(final int node, final List<List<Integer>> upstream, final int[] state,
                              final List<Integer> path, final List<List<Integer>> cycles) {
        state[node] = 1;
        path.add(node);
        for (final int up : upstream.get(node)) {
            if (state[up] == 1) {
                // The path runs against the data flow, so reverse it to name the cycle in flow order.
                final List<Integer> cycle = new ArrayList<>(path.subList(path.indexOf(up), path.size()));
                Collections.reverse(cycle);
                // Start at the first configured node, so the message is stable.
                Collections.rotate(cycle, -cycle.indexOf(Collections.min(cycle)));
                cycle.add(cycle.get(0));
                cycles.add(cycle);
            } else if (state[up] == 0) {
                visit(up, upstream, state, path, cycles);
            }
        }
        path.remove(path.size() - 1);
        state[node] = 2;
    }

    private static List<List<Integer>> downstream(final List<List<Integer>> upstream) {
        final List<List<Integer>> downstream = new ArrayList<>();
        for (int i = 0; i < upstream.size(); i++) {
            downstream.add(new ArrayList<>());
        }
        for (int i = 0; i < upstream.size(); i++) {
            for (final int up : upstream.get(i)) {
                downstream.get(up).add(i);
            }
        }
        return downstream;
    }
}
