package io.eventhandler.core.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One topic's numbers whose copies a full buffer pushed out and whose discard has not come (yet), as runs of
 * consecutive numbers: evictions come in increasing order and discards mostly too, so a backlog is one run however
 * long. At most {@value #MAX_RUNS} runs are kept; beyond, the two lowest are merged (the numbers between them then
 * count as given up too: more announced than lost, never less). Not thread-safe: the buffer's lock guards it.
 */
final class EvictedRuns {

    static final int MAX_RUNS = 1024;

    /** first → last of each run. */
    private final TreeMap<Long, Long> runs = new TreeMap<>();

    void add(final long sequence) {
        final Map.Entry<Long, Long> below = runs.floorEntry(sequence);
        if (below != null && below.getValue() >= sequence) {
            return; // already in
        }
        long first = sequence;
        long last = sequence;
        if (below != null && below.getValue() == sequence - 1) {
            first = below.getKey();
        }
        final Long above = runs.get(sequence + 1);
        if (above != null) {
            last = above;
            runs.remove(sequence + 1);
        }
        runs.put(first, last);
        if (runs.size() > MAX_RUNS) {
            final Map.Entry<Long, Long> lowest = runs.pollFirstEntry();
            final Map.Entry<Long, Long> next = runs.pollFirstEntry();
            runs.put(lowest.getKey(), next.getValue());
        }
    }

    /** The number's original reached every subscriber after all. */
    void remove(final long sequence) {
        final Map.Entry<Long, Long> run = runs.floorEntry(sequence);
        if (run == null || run.getValue() < sequence) {
            return;
        }
        final long first = run.getKey();
        final long last = run.getValue();
        runs.remove(first);
        if (first < sequence) {
            runs.put(first, sequence - 1);
        }
        if (sequence < last) {
            runs.put(sequence + 1, last);
        }
    }

    List<GivenUp> givenUp(final String topic) {
        final List<GivenUp> given = new ArrayList<>(runs.size());
        runs.forEach((first, last) -> given.add(new GivenUp(topic, first, last, last - first + 1)));
        return given;
    }
}
