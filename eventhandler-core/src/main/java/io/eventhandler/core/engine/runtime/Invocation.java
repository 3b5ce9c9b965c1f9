package io.eventhandler.core.engine.runtime;

import java.util.List;

/**
 * One ready run of an operator: the inputs it consumed (each used once) and whether a violation was marked.
 */
record Invocation(List<EngineEvent> inputs, boolean marked) {

    /** The result's absolute validity starts at the latest start among the inputs (Eq. 2.2). */
    long tbMicros() {
        long tb = Long.MIN_VALUE;
        for (final EngineEvent e : inputs) {
            tb = Math.max(tb, e.tbMicros());
        }
        return tb;
    }

    /** The result's absolute validity ends at the earliest end among the inputs (Eq. 2.3). */
    long teMicros() {
        long te = Long.MAX_VALUE;
        for (final EngineEvent e : inputs) {
            te = Math.min(te, e.teMicros());
        }
        return te;
    }

    List<String> payloads() {
        return inputs.stream().map(EngineEvent::payload).toList();
    }
}
