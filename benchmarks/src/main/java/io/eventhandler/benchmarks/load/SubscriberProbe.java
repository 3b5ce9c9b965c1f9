package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;

import io.eventhandler.api.GapNotice;
import io.eventhandler.api.IsoInstants;
import io.eventhandler.client.EventListener;
import io.eventhandler.client.ReceivedEvent;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The listener of one load subscriber: decodes each event's payload, records its end-to-end latency (creation stamp
 * → receipt, and intended send instant → receipt) and hands the publisher/counter to a {@link DeliveryTracker}.
 * Warm-up events go through exactly the same code into an accounting that is thrown away, so that the measured
 * phase starts with that code compiled rather than interpreted.
 *
 * <p>Callbacks may come from several threads (one SSE reader per topic, or a webhook receiver's request threads), so
 * they are serialized on the probe; the lock is uncontended with one topic over SSE. The counters the run polls while
 * waiting are volatile; everything else is read after the subscriber has been closed.
 */
public final class SubscriberProbe implements EventListener {

    private final String name;
    private final long warmupPerPublisher;
    /** Warm-up at index 0, measured at 1. */
    private final Phase[] phases;
    private final Phase measured;
    private long unparseable;
    private long gaps;
    private long disconnects;

    /** The accounting of one phase. */
    private static final class Phase {
        final DeliveryTracker tracker;
        volatile long unique;
        final Histogram endToEnd = LatencyHistograms.create();
        final Histogram fromSchedule = LatencyHistograms.create();
        long negativeLatencies;
        long firstReceiptMicros;
        long lastReceiptMicros;

        Phase(final int publishers) {
            this.tracker = new DeliveryTracker(publishers);
        }

        /** Whether the arrival was a first one of a known event. */
        boolean record(final PayloadCodec.Decoded header, final long counter, final long createdMicros,
                       final long receivedMicros) {
            final DeliveryTracker.Arrival arrival = tracker.record(header.publisher(), counter);
            if (arrival == DeliveryTracker.Arrival.UNKNOWN || arrival == DeliveryTracker.Arrival.DUPLICATE) {
                return false;
            }
            final long latency = receivedMicros - createdMicros;
            if (latency < 0) {
                negativeLatencies++;
            }
            LatencyHistograms.record(endToEnd, latency);
            LatencyHistograms.record(fromSchedule, receivedMicros - header.intendedMicros());
            if (firstReceiptMicros == 0 || receivedMicros < firstReceiptMicros) {
                firstReceiptMicros = receivedMicros;
            }
            lastReceiptMicros = Math.max(lastReceiptMicros, receivedMicros);
            return true;
        }
    }

    /**
     * A probe.
     *
     * @param name               the subscriber's name, for the report
     * @param publishers         publishers in the run
     * @param warmupPerPublisher warm-up events per publisher: counters below it are not measured
     */
    public SubscriberProbe(final String name, final int publishers, final long warmupPerPublisher) {
        this.name = name;
        this.warmupPerPublisher = warmupPerPublisher;
        this.measured = new Phase(publishers);
        this.phases = new Phase[] {new Phase(publishers), measured};
    }

    /** {@inheritDoc} */
    @Override
    public void onEvent(final ReceivedEvent event) {
        onDelivery(event.event().payload(), event.event().timeStamp(), event.receivedEpochMicros());
    }

    /**
     * One delivered event, from whichever client received it.
     *
     * @param payload        the event's payload
     * @param timeStamp      the event's creation stamp, ISO-8601
     * @param receivedMicros when it arrived, epoch µs
     */
    public synchronized void onDelivery(final String payload, final String timeStamp, final long receivedMicros) {
        final PayloadCodec.Decoded header = PayloadCodec.decode(payload);
        final long created;
        try {
            created = EpochMicros.of(IsoInstants.parse(timeStamp));
        } catch (final DateTimeParseException | NullPointerException e) {
            unparseable++;
            return;
        }
        if (header == null) {
            unparseable++;
            return;
        }
        // Chosen without a branch: a branch never taken during warm-up is compiled as an uncommon trap, and the first
        // measured event would send this method back to the interpreter just as measuring starts. (Other first-time
        // paths, such as a fresh histogram's minimum, still cost the first run a recompilation: lab/notebook/fast-path.md.)
        final int index = (int) ((warmupPerPublisher - 1 - header.counter()) >>> 63);
        final Phase phase = phases[index];
        if (phase.record(header, header.counter() - index * warmupPerPublisher, created, receivedMicros)) {
            phase.unique++;
        }
    }

    /** A delivery that was not an event the generator could read. */
    public synchronized void onUnparseable() {
        unparseable++;
    }

    /** {@inheritDoc} */
    @Override
    public synchronized void onGap(final GapNotice gap) {
        gaps++;
    }

    /** {@inheritDoc} */
    @Override
    public synchronized void onDisconnected(final Throwable cause) {
        if (cause != null) {
            disconnects++;
        }
    }

    /** The subscriber's name. */
    public String name() {
        return name;
    }

    /** Distinct warm-up events received so far (any thread). */
    public long warmupReceived() {
        return phases[0].unique;
    }

    /** Distinct measured events received so far (any thread). */
    public long measuredUnique() {
        return measured.unique;
    }

    /** Latency from the events' creation stamps, µs; read after the subscriber was closed. */
    public synchronized Histogram endToEnd() {
        return measured.endToEnd;
    }

    /** Latency from the events' intended send instants, µs; read after the subscriber was closed. */
    public synchronized Histogram fromSchedule() {
        return measured.fromSchedule;
    }

    /**
     * The subscriber's accounting against what the publishers acknowledged.
     *
     * @param publishers      every publisher's result (the subscriber is subscribed to all their topics)
     * @param clientDuplicates duplicates the client library itself dropped (SSE resume), 0 for webhooks
     * @return the result
     */
    public synchronized SubscriberResult result(final List<PublisherResult> publishers, final long clientDuplicates) {
        final DeliveryTracker tracker = measured.tracker;
        long expected = 0;
        long lost = 0;
        for (final PublisherResult publisher : publishers) {
            expected += publisher.attempted() - publisher.failedIndices().length;
            lost += tracker.lost(publisher.id(), publisher.attempted(), publisher.failedIndices());
        }
        return new SubscriberResult(name, expected, tracker.received(), tracker.unique(), lost, tracker.duplicates(),
                tracker.outOfOrder(), tracker.unknown(), unparseable, phases[0].unique, gaps, disconnects,
                clientDuplicates, measured.negativeLatencies, measured.firstReceiptMicros, measured.lastReceiptMicros,
                LatencySummary.of(measured.endToEnd));
    }
}
