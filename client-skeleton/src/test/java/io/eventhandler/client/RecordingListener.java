package io.eventhandler.client;

import io.eventhandler.api.GapNotice;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records the events a subscriber or receiver hands over, with what the failover tests look at. */
final class RecordingListener implements EventListener {

    final List<ReceivedEvent> events = new CopyOnWriteArrayList<>();
    final List<GapNotice> gaps = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(final ReceivedEvent event) {
        events.add(event);
    }

    @Override
    public void onGap(final GapNotice gap) {
        gaps.add(gap);
    }

    int count() {
        return events.size();
    }

    List<String> payloads() {
        return events.stream().map(e -> e.event().payload()).toList();
    }

    /** {@code eh-seq} of each event. */
    List<String> originSequences() {
        return events.stream().map(e -> e.event().metaData().get("eh-seq")).toList();
    }

    /** {@code eh-origin} of each event. */
    List<String> origins() {
        return events.stream().map(e -> e.event().metaData().get("eh-origin")).toList();
    }
}
