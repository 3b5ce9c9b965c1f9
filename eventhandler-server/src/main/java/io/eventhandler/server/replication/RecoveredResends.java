package io.eventhandler.server.replication;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.replication.RecoveredStamps;
import io.eventhandler.core.replication.ResendStamp;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Recognises a publisher's resend, after a take-over, of an event the failed primary had numbered and whose copy this
 * instance took over: the copy is dispatched under its original number, so the resend is acknowledged and not
 * accepted again under a new number. Publishers stamp their events with
 * {@value EventHandlerApi#ORIGIN_META} and {@value EventHandlerApi#ORIGIN_SEQUENCE_META}; an event without both is
 * never a recognised resend. Before any take-over it costs one volatile read per event.
 */
public final class RecoveredResends {

    private volatile RecoveredStamps stamps = RecoveredStamps.NONE;
    private final LongAdder recognised = new LongAdder();

    /** The stamp of a draft, or null if it carries none (a publisher other than the client library). */
    static ResendStamp stampOf(final Map<String, String> metaData) {
        if (metaData == null) {
            return null;
        }
        return ResendStamp.parse(metaData.get(EventHandlerApi.ORIGIN_META),
                metaData.get(EventHandlerApi.ORIGIN_SEQUENCE_META));
    }

    /** After a take-over: the stamps of the copies received from the failed primary. */
    void recognise(final RecoveredStamps recovered) {
        stamps = recovered;
    }

    /** Stepped down: this instance accepts nothing until it serves again. */
    void forget() {
        stamps = RecoveredStamps.NONE;
    }

    /** Whether {@code draft} is a resend of an event held here under its original number (counted if so). */
    public boolean isHeldCopy(final EventDraft draft) {
        final RecoveredStamps known = stamps;
        if (known.isEmpty()) {
            return false;
        }
        final ResendStamp stamp = stampOf(draft.metaData());
        if (stamp == null || known.sequenceOf(draft.topic(), stamp) < 0) {
            return false;
        }
        recognised.increment();
        return true;
    }

    /** Resends recognised and not numbered again. */
    long recognised() {
        return recognised.sum();
    }
}
