package io.eventhandler.core.engine.runtime;

import java.util.ArrayList;
import java.util.List;

/** A sink that records what it receives. */
final class DerivedEvents implements DerivedEventSink {

    record Derived(String topic, String payload, long tb, long te, boolean marked) {
    }

    private final List<Derived> received = new ArrayList<>();

    @Override
    public synchronized void accept(final String topic, final String payload, final long tbMicros,
                                    final long teMicros, final boolean marked) {
        received.add(new Derived(topic, payload, tbMicros, teMicros, marked));
    }

    synchronized List<Derived> all() {
        return List.copyOf(received);
    }

    synchronized List<String> payloads(final String topic) {
        return received.stream().filter(d -> d.topic().equals(topic)).map(Derived::payload).toList();
    }

    synchronized int size() {
        return received.size();
    }
}
