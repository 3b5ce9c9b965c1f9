package io.eventhandler.core.broker;

import io.eventhandler.core.delivery.DeliveryScheduler;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.EventEncoder;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.StoredEvent;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.outbox.OutboxListeners;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.core.topic.HistoryBudget;
import io.eventhandler.core.topic.Topic;
import io.eventhandler.core.topic.TopicSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The single entry of events: numbers them per topic, keeps each topic's history, and hands them to the delivery
 * scheduler, which has each topic fan them out to its matching subscribers' outboxes. Thread-safe; {@link #accept}
 * never blocks on a subscriber.
 */
public final class Broker implements AutoCloseable {

    /** Where the outbox of a sink that only hands batches over ({@link EventSink#handsOver}) drains: right there. */
    private static final Executor HAND_OVER = Runnable::run;

    /** Detached subscribers remembered for the status page. */
    static final int RECENT_DISCONNECTS = 20;

    private final BrokerSettings settings;
    private final EventEncoder encoder;
    private final Executor deliveryExecutor;
    private final DeliveryScheduler scheduler;
    private final OutboxListeners reports;
    /** The heap every topic's history may hold together. */
    private final HistoryBudget historyBudget;
    /** Forgotten topics kept, at most: about 100 bytes each, against some 5 KiB a live topic holds. */
    static final int MAX_FORGOTTEN = 65_536;

    private final ConcurrentHashMap<String, Topic> topics = new ConcurrentHashMap<>();
    /** The last number of each topic forgotten as idle, by name. */
    private final ConcurrentHashMap<String, Long> forgotten = new ConcurrentHashMap<>();
    /** Every new topic numbers above this: the last numbers of forgotten topics whose records gave way. */
    private final AtomicLong forgottenFloor = new AtomicLong();
    private final AtomicLong outboxIds = new AtomicLong();
    private final Numbering numbering = new Numbering();
    /** Topics number above this (0, or the base of a promoted backup's epoch). */
    private volatile long sequenceBase;
    private final Map<CloseReason, LongAdder> disconnects = new EnumMap<>(CloseReason.class);
    private final RecentDisconnects recentDisconnects = new RecentDisconnects(RECENT_DISCONNECTS);
    /** Sees every accepted event after it is queued to its subscribers (the operator engine); never blocks. */
    private volatile Consumer<Event> tap = event -> { };
    /** Keeps every accepted event durably, if a durable history is configured. */
    private volatile EventJournal journal = EventJournal.NONE;
    /** Told the topic whose subscribers' strictest requirements changed, after the change. */
    private final List<Consumer<String>> requirementsListeners = new CopyOnWriteArrayList<>();

    /** A broker on its own: fan-out on the accepting thread, nobody told what becomes of the events. */
    public Broker(final BrokerSettings settings, final EventEncoder encoder, final Executor deliveryExecutor) {
        this(settings, encoder, deliveryExecutor, DeliveryScheduler.IMMEDIATE, OutboxListeners.NONE);
    }

    /**
     * @param deliveryExecutor where subscriber queues are drained
     * @param scheduler        when accepted events are fanned out (at once, or earliest deadline first)
     * @param reports          makes the listener each subscriber's queue reports its events' fate to (accounting)
     */
    public Broker(final BrokerSettings settings, final EventEncoder encoder, final Executor deliveryExecutor,
                  final DeliveryScheduler scheduler, final OutboxListeners reports) {
        this.settings = settings;
        this.encoder = encoder;
        this.deliveryExecutor = deliveryExecutor;
        this.scheduler = scheduler;
        this.reports = reports;
        this.historyBudget = new HistoryBudget(settings.historyMemoryMaxBytes());
        for (final CloseReason reason : CloseReason.values()) {
            disconnects.put(reason, new LongAdder());
        }
    }

    /** Which numbering the topics' sequence numbers are of (the token in SSE event ids). */
    public Numbering numbering() {
        return numbering;
    }

    /** Subscribers detached so far, by reason (replaced ones and those still attached at shutdown are not). */
    public Map<CloseReason, Long> disconnects() {
        final Map<CloseReason, Long> counts = new EnumMap<>(CloseReason.class);
        disconnects.forEach((reason, count) -> counts.put(reason, count.sum()));
        return counts;
    }

    /** The last subscribers detached (at most {@value #RECENT_DISCONNECTS}), newest first. */
    public List<Disconnect> recentDisconnects() {
        return recentDisconnects.list();
    }

    /**
     * Accept a validated event: it is numbered and held in history when this returns, and its fan-out to the
     * subscribers is scheduled (done, with the immediate scheduler).
     */
    public Event accept(final EventDraft draft) {
        return accept(draft, JournalAck.NONE);
    }

    /**
     * As {@link #accept(EventDraft)}, telling {@code ack} when the event is durable (or that it will not be). The
     * event is delivered from memory whatever the journal does.
     */
    public Event accept(final EventDraft draft, final JournalAck ack) {
        final byte[] encoded = encoder.encode(draft);
        Topic topic = topic(draft.topic());
        Event event = topic.publish(draft, encoded, System.nanoTime());
        while (event == null) { // the idle sweep retired the topic meanwhile: its successor numbers on
            topic = topic(draft.topic());
            event = topic.publish(draft, encoded, System.nanoTime());
        }
        journal.append(event, ack);
        scheduler.schedule(topic, event);
        tap.accept(event);
        return event;
    }

    /**
     * Let {@code listener} see every accepted event, on the accepting thread, after the event is queued to its
     * subscribers. It must return at once (hand the event over, never wait).
     */
    public void tap(final Consumer<Event> listener) {
        this.tap = listener;
    }

    /** Hand every accepted event (published, derived or recovered) to {@code journal} as well. */
    public void journal(final EventJournal journal) {
        this.journal = journal;
    }

    /**
     * Take back a topic's history kept by a previous run (see {@link Topic#reload}): held for replay as already
     * dispatched, the topic numbering on above {@code lastSequence}. Only at start, before anything is published.
     *
     * @param events in increasing sequence order; their age is counted from their wall-clock acceptance
     */
    public void reload(final String eventType, final List<StoredEvent> events, final long lastSequence) {
        final Topic topic = topic(TopicName.normalise(eventType));
        final long nowNanos = System.nanoTime();
        final long nowMillis = System.currentTimeMillis();
        final List<Event> reloaded = new ArrayList<>(events.size());
        for (final StoredEvent stored : events) {
            final long ageNanos = Math.max(0, nowMillis - stored.acceptedEpochMillis()) * 1_000_000L;
            reloaded.add(new Event(topic.name(), stored.sequence(), stored.draft(), encoder.encode(stored.draft()),
                    nowNanos - ageNanos));
        }
        topic.reload(reloaded, lastSequence);
    }

    /**
     * At most {@code limit} events of the topic's history numbered above {@code after}, oldest first; empty if the
     * topic does not exist.
     */
    public Optional<List<Event>> history(final String eventType, final long after, final int limit) {
        final Topic topic = topics.get(TopicName.normalise(eventType));
        return topic == null ? Optional.empty() : Optional.of(topic.history(after, limit, System.nanoTime()));
    }

    /**
     * Let {@code listener} learn, on the subscribing or unsubscribing thread, of every topic whose subscribers'
     * strictest {@link SubscriberRequirements} changed; it reads the new value with {@link #requirements}.
     */
    public void watchRequirements(final Consumer<String> listener) {
        requirementsListeners.add(listener);
    }

    /** The strictest requirements of the topic's attached subscribers. */
    public SubscriberRequirements requirements(final String eventType) {
        final Topic topic = topics.get(TopicName.normalise(eventType));
        return topic == null ? SubscriberRequirements.NONE : topic.requirements();
    }

    /** Attach a subscriber; an existing one with the same key on the same topic is replaced and closed. */
    public SubscriberOutbox subscribe(final SubscribeRequest request) {
        final String name = TopicName.normalise(request.eventType());
        // a sink that only hands batches over is drained where its events come from: no delivery thread woken for it
        final Executor drains = request.sink().handsOver() ? HAND_OVER : deliveryExecutor;
        final SubscriberOutbox outbox = new SubscriberOutbox(outboxIds.incrementAndGet(), name,
                request.subscriberKey(), request.description(), settings.outboxCapacity(), settings.maxBatch(),
                drains, request.sink(), reports.listenerFor(name, request.description(),
                request.filter() == EventFilter.ALL));
        Topic topic;
        SubscriberRequirements before;
        long resetsBefore;
        while (true) {
            topic = topic(name);
            synchronized (topic) { // the idle sweep retires a topic under its lock: attach only to a live one
                if (topic.retired()) {
                    continue;
                }
                before = topic.requirements();
                resetsBefore = request.resumeAfter() < 0 ? 0 : topic.resetsAnnounced();
                topic.attach(outbox, request.filter(), request.requirements(), request.resumeAfter(),
                        request.numbering());
                break;
            }
        }
        if (request.resumeAfter() >= 0 && topic.resetsAnnounced() > resetsBefore) {
            numbering.resetAnnounced();
        }
        announceIfChanged(topic, before);
        return outbox;
    }

    private void announceIfChanged(final Topic topic, final SubscriberRequirements before) {
        if (!before.equals(topic.requirements())) {
            for (final Consumer<String> listener : requirementsListeners) {
                listener.accept(topic.name());
            }
        }
    }

    /**
     * Detach the subscriber with this key from the topic.
     *
     * @return whether one was attached
     */
    public boolean unsubscribe(final String eventType, final Object subscriberKey) {
        final Topic topic = topics.get(TopicName.normalise(eventType));
        if (topic == null) {
            return false;
        }
        final SubscriberRequirements before = topic.requirements();
        final SubscriberOutbox outbox = topic.detach(subscriberKey, CloseReason.UNSUBSCRIBED);
        final boolean detached = outbox != null;
        if (detached) {
            disconnects.get(CloseReason.UNSUBSCRIBED).increment();
            recentDisconnects.add(outbox, CloseReason.UNSUBSCRIBED);
        }
        announceIfChanged(topic, before);
        return detached;
    }

    /** Detach this subscriber (for instance because its connection went away). */
    public void detach(final SubscriberOutbox outbox, final CloseReason reason) {
        final Topic topic = topics.get(outbox.topic());
        if (topic != null) {
            final SubscriberRequirements before = topic.requirements();
            if (topic.detach(outbox, reason)) {
                disconnects.get(reason).increment();
                recentDisconnects.add(outbox, reason);
            }
            announceIfChanged(topic, before);
        } else {
            outbox.close(reason);
        }
    }

    /** The topic's counters, if the topic exists. */
    public Optional<TopicSnapshot> topic(final String eventType, final boolean create) {
        final String name = TopicName.normalise(eventType);
        final Topic topic = create ? topic(name) : topics.get(name);
        return Optional.ofNullable(topic).map(Topic::snapshot);
    }

    /** Every topic's counters, by name. */
    public List<TopicSnapshot> topics() {
        final List<TopicSnapshot> snapshots = new ArrayList<>();
        for (final Topic topic : topics.values()) {
            snapshots.add(topic.snapshot());
        }
        snapshots.sort(Comparator.comparing(TopicSnapshot::topic));
        return snapshots;
    }

    /**
     * Every topic's name, taking no topic's lock: for a thread that must never hold one (a thread of the lowest
     * scheduling class, preempted while holding it, would stall the publishes to that topic).
     */
    public List<String> topicNames() {
        return new ArrayList<>(topics.keySet());
    }

    /** Every attached subscriber's counters, by id. */
    public List<SubscriberSnapshot> subscribers() {
        final List<SubscriberSnapshot> snapshots = new ArrayList<>();
        for (final Topic topic : topics.values()) {
            for (final SubscriberOutbox outbox : topic.subscribers()) {
                snapshots.add(SubscriberSnapshot.of(outbox));
            }
        }
        snapshots.sort(Comparator.comparingLong(SubscriberSnapshot::id));
        return snapshots;
    }

    /** Every attached subscriber's outbox, for periodic work such as heartbeats. */
    public List<SubscriberOutbox> outboxes() {
        final List<SubscriberOutbox> outboxes = new ArrayList<>();
        for (final Topic topic : topics.values()) {
            outboxes.addAll(topic.subscribers());
        }
        return outboxes;
    }

    /** Per topic with any, the accepted events not fanned out to its subscribers yet. */
    public Map<String, Integer> undispatched() {
        final Map<String, Integer> counts = new TreeMap<>();
        for (final Topic topic : topics.values()) {
            final int n = topic.undispatched();
            if (n > 0) {
                counts.put(topic.name(), n);
            }
        }
        return counts;
    }

    /** Whether the topic of this (normalised) name exists. */
    public boolean hasTopic(final String name) {
        return topics.containsKey(name);
    }

    /** How many topics exist. */
    public int topicCount() {
        return topics.size();
    }

    private Topic topic(final String name) {
        return topics.computeIfAbsent(name, n -> {
            final Topic topic = new Topic(n, settings.historyBounds(), historyBudget);
            topic.continueAbove(Math.max(sequenceBase, forgottenFloor.get()));
            final Long last = forgotten.remove(n);
            if (last != null) {
                topic.revive(last);
            }
            return topic;
        });
    }

    /**
     * Start a new epoch of sequence numbers: every topic, existing or created later, numbers its next events above
     * {@code base}, so a promoted backup never reuses a number its failed primary may have given.
     */
    public void continueAbove(final long base) {
        sequenceBase = base;
        topics.values().forEach(topic -> topic.continueAbove(base));
    }

    /**
     * Take over a copy recovered from the backup buffer: it keeps the number the failed primary gave it (subscribers
     * de-duplicate by it) and is scheduled for dispatch with deadlines anchored to its creation time.
     *
     * @return the event, or empty if the topic has already numbered past it
     */
    public Optional<Event> restore(final EventDraft draft, final long sequence) {
        Topic topic = topic(draft.topic());
        Event event = topic.restore(draft, encoder.encode(draft), sequence, System.nanoTime());
        while (event == null && topic.retired()) {
            topic = topic(draft.topic());
            event = topic.restore(draft, encoder.encode(draft), sequence, System.nanoTime());
        }
        if (event == null) {
            return Optional.empty();
        }
        journal.append(event, JournalAck.NONE);
        scheduler.scheduleRecovered(topic, event);
        return Optional.of(event);
    }

    /**
     * Tell the subscribers of {@code eventType} that the events {@code first..last} will not come (a take-over could
     * not recover them): those attached now (a promoted backup's webhook subscribers) at once, and a subscriber that
     * resumes before them later, in its replay.
     */
    public void announceGivenUp(final String eventType, final long first, final long last) {
        final String name = TopicName.normalise(eventType);
        Topic topic;
        do {
            topic = topic(name);
            topic.announce(new Gap(name, first, last, Gap.Reason.FAILOVER));
        } while (topic.retired());
    }

    /**
     * Forget the topics nothing needs any more (see {@link Topic#retireIfIdle}): each leaves only its last number,
     * so that a topic of the same name made later numbers above it. Past {@value #MAX_FORGOTTEN} forgotten topics
     * the records of the oldest give way to one floor that every new topic numbers above: numbers are never given
     * twice. A topic limit counts the live topics only. For a periodic sweep.
     *
     * @param idleNanos how long a topic must have been idle
     * @return how many topics were forgotten now
     */
    public int forgetIdle(final long idleNanos) {
        final long now = System.nanoTime();
        int n = 0;
        for (final Topic topic : topics.values()) {
            final long last = topic.retireIfIdle(now, idleNanos);
            if (last >= 0) {
                forgotten.put(topic.name(), last); // before the removal: a successor must find it
                topics.remove(topic.name(), topic);
                n++;
            }
        }
        while (forgotten.size() > MAX_FORGOTTEN) {
            final Map.Entry<String, Long> oldest = forgotten.entrySet().iterator().next();
            if (forgotten.remove(oldest.getKey(), oldest.getValue())) {
                forgottenFloor.accumulateAndGet(oldest.getValue(), Math::max);
            }
        }
        return n;
    }

    /** The heap budget of the topics' histories: its bound, what they hold, what was trimmed to keep within it. */
    public HistoryBudget historyBudget() {
        return historyBudget;
    }

    /**
     * If the histories hold more than their budget, trim every topic's to its share (the oldest go; a resume from
     * before them is told of a gap). For a periodic sweep: it bounds what topics that stopped publishing hold.
     *
     * @return how many events were dropped
     */
    public int trimHistories() {
        int trimmed = 0;
        for (final Topic topic : topics.values()) {
            if (!historyBudget.exceeded()) {
                break;
            }
            trimmed += topic.trimHistoryToShare();
        }
        return trimmed;
    }

    /** Topics forgotten as idle whose last numbers are kept. */
    public int forgottenTopics() {
        return forgotten.size();
    }

    /** Close every subscriber. */
    @Override
    public void close() {
        for (final Topic topic : topics.values()) {
            topic.closeAll(CloseReason.SHUTDOWN);
        }
    }
}
