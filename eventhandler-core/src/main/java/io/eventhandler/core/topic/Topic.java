package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.FanOut;
import io.eventhandler.core.outbox.FanOutObserver;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One event type: its sequence, history and subscribers. Every mutation holds the topic's lock, so sequence order,
 * history order and the order of each subscriber's queue are the same; the lock is held only for non-blocking work
 * (numbering, one array store, and one queue offer per matching subscriber). Publishing and fanning out are two
 * steps, so that a delivery scheduler can decide when an event's fan-out runs (earliest deadline first).
 */
public final class Topic implements FanOut {

    private static final Attachment[] NONE = new Attachment[0];
    /** Take-overs' given-up runs a topic keeps for resuming subscribers. */
    private static final int MAX_GIVEN_UP_RUNS = 64;

    private final String name;
    private final TopicHistory history;
    /**
     * The subscribers by key, in attach order: attach and detach are O(1), so that a reconnect storm of n streams on
     * one topic costs O(n) under the lock, not O(n²) (10,000 streams took seconds, stalling publish and dispatch).
     */
    private final Map<Object, Attachment> byKey = new LinkedHashMap<>();
    /** The attachments that ask for anything: {@link #requirements()} looks at these only. */
    private final Set<Attachment> withRequirements = Collections.newSetFromMap(new IdentityHashMap<>());
    /** {@link #byKey}'s values as an array for the fan-out loop, rebuilt on the first fan-out after a change. */
    private Attachment[] attachments = NONE;
    private boolean attachmentsChanged;
    /** Accepted events not yet fanned out to the subscribers, in sequence order. */
    private final ArrayDeque<Event> undispatched = new ArrayDeque<>();
    private long lastSequence;
    private long dispatchedSequence;
    private long accepted;
    private long deliveriesQueued;
    private long deliveriesDropped;
    /** The highest number taken back from the previous run (durable history): valid in its numbering too. */
    private long carriedThrough;
    private long resetsAnnounced;
    /** Forgotten by its broker as idle: nothing may be added any more (the broker makes a new topic of the name). */
    private boolean retired;
    /** Events accepted plus subscribers attached and detached when the idle sweep last looked, and since when. */
    private long seenActivity;
    private long membershipChanges;
    private long quietSinceNanos = System.nanoTime();
    /** Runs a take-over could not recover, newest last: told to subscribers that resume before them (null: none). */
    private ArrayDeque<Gap> givenUp;

    public Topic(final String name, final int historyCapacity) {
        this(name, HistoryBounds.count(historyCapacity));
    }

    public Topic(final String name, final HistoryBounds historyBounds) {
        this(name, historyBounds, new HistoryBudget(0));
    }

    /** A topic whose history also keeps within {@code budget}, shared with the other topics of its broker. */
    public Topic(final String name, final HistoryBounds historyBounds, final HistoryBudget budget) {
        this.name = name;
        this.history = new TopicHistory(historyBounds, budget);
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Number and record one event; it reaches the subscribers when {@link #dispatchUpTo} is called for it (by the
     * delivery scheduler, at once or by deadline).
     */
    public synchronized Event publish(final EventDraft draft, final byte[] encoded, final long nowNanos) {
        if (retired) {
            return null; // forgotten meanwhile: the broker publishes to the topic that replaces it
        }
        final Event event = new Event(name, ++lastSequence, draft, encoded, nowNanos);
        history.add(event);
        undispatched.add(event);
        accepted++;
        return event;
    }

    /**
     * Record a copy a promoted backup recovered, under the number the failed primary gave it, for dispatch like a
     * newly accepted event. Copies must come in increasing order, before the topic numbers anything itself.
     *
     * @return the event, or null if its number is not above the topic's last one (it could not be kept in order)
     */
    public synchronized Event restore(final EventDraft draft, final byte[] encoded, final long sequence,
                                      final long nowNanos) {
        if (sequence <= lastSequence || retired) {
            return null;
        }
        final Event event = new Event(name, sequence, draft, encoded, nowNanos);
        lastSequence = sequence;
        history.add(event);
        undispatched.add(event);
        accepted++;
        return event;
    }

    /**
     * Tell every attached subscriber of events it will not get, in order with what is queued for it, whatever its
     * queue's capacity (a take-over that could not recover them).
     */
    public synchronized void announce(final Gap gap) {
        if (givenUp == null) {
            givenUp = new ArrayDeque<>();
        }
        givenUp.addLast(gap);
        if (givenUp.size() > MAX_GIVEN_UP_RUNS) {
            givenUp.removeFirst();
        }
        for (final Attachment attachment : attachments()) {
            attachment.outbox().prefill(List.of(gap));
        }
    }

    /**
     * Take back the history a previous run of this Event Handler kept (read from durable storage at start): the
     * events are held for replay as already dispatched (they were, before the restart; they are not fanned out
     * again), and the topic numbers its next events above {@code lastSequence}, the highest number it ever gave.
     * Unlike {@link #restore}, nothing is queued for dispatch. Only before the topic accepts anything itself.
     *
     * @param events       the kept events, in increasing sequence order, within this topic's bounds
     * @param lastSequence the highest number the previous run gave (at least the last event's)
     */
    public synchronized void reload(final List<Event> events, final long lastSequence) {
        if (accepted > 0 || !undispatched.isEmpty()) {
            throw new IllegalStateException("topic " + name + " has accepted events; reload only at start");
        }
        for (final Event event : events) {
            if (!event.topic().equals(name)) {
                throw new IllegalArgumentException(event + " is not of topic " + name);
            }
            history.add(event);
            lastSequence(event.sequence());
        }
        // what was numbered before the oldest kept event is gone (evicted in the previous run)
        history.lostThrough(events.isEmpty() ? lastSequence : events.get(0).sequence() - 1);
        lastSequence(lastSequence);
        history.continueAbove(this.lastSequence);
        dispatchedSequence = this.lastSequence;
        carriedThrough = this.lastSequence;
    }

    /**
     * A topic made again after its broker forgot it: it numbers above {@code lastSequence}, and what was numbered up
     * to it counts as gone from the history (a resume from before it is told of a gap).
     */
    public synchronized void revive(final long lastSequence) {
        history.lostThrough(lastSequence);
        lastSequence(lastSequence);
        history.continueAbove(this.lastSequence);
        dispatchedSequence = this.lastSequence;
    }

    /**
     * Retire this topic if nothing needs more than its numbering: no subscriber, nothing waiting for dispatch, no
     * event left in its history (after its age bound), no announced take-over gap, and no event accepted and no
     * subscriber attached or detached for {@code idleNanos} (counted from the sweep that first saw it quiet).
     *
     * @return its last sequence number if it is retired now (the broker keeps that much), else -1
     */
    public synchronized long retireIfIdle(final long nowNanos, final long idleNanos) {
        final long activity = accepted + membershipChanges;
        if (activity != seenActivity) {
            seenActivity = activity;
            quietSinceNanos = nowNanos;
            return -1;
        }
        if (nowNanos - quietSinceNanos < idleNanos || !byKey.isEmpty() || !undispatched.isEmpty()
                || givenUp != null) {
            return -1;
        }
        history.expire(nowNanos);
        if (history.size() > 0) {
            return -1;
        }
        retired = true;
        return lastSequence;
    }

    /**
     * While the history budget is exceeded, drop this topic's oldest held events until it holds no more than its
     * share (a resume from before them is told of a gap). For a periodic sweep.
     *
     * @return how many events were dropped
     */
    public synchronized int trimHistoryToShare() {
        return history.trimToShare();
    }

    /** Whether its broker forgot it: nothing may be added to it. */
    public synchronized boolean retired() {
        return retired;
    }

    private void lastSequence(final long sequence) {
        lastSequence = Math.max(lastSequence, sequence);
    }

    /**
     * At most {@code limit} held events numbered above {@code after}, oldest first (what the age bound allows now).
     */
    public synchronized List<Event> history(final long after, final int limit, final long nowNanos) {
        history.expire(nowNanos);
        return history.after(after, limit);
    }

    /**
     * Number the next events above {@code base}: a promoted backup starts an epoch whose numbers no earlier primary
     * can have given, whatever it published after its last replica.
     */
    public synchronized void continueAbove(final long base) {
        lastSequence = Math.max(lastSequence, base);
        history.continueAbove(lastSequence);
    }

    /**
     * Fan out, in sequence order, every accepted event up to {@code sequence} not yet fanned out: the dispatch of an
     * event also dispatches the earlier ones still waiting, so every subscriber's queue keeps sequence order whatever
     * order the scheduler runs dispatch jobs in.
     *
     * @return how many subscriber queues took the event with this sequence number (0 if it was dispatched before)
     */
    public int dispatchUpTo(final long sequence) {
        return dispatchUpTo(sequence, FanOutObserver.NONE);
    }

    /** As {@link #dispatchUpTo(long)}, telling {@code observer} of each event before it is fanned out. */
    @Override
    public synchronized int dispatchUpTo(final long sequence, final FanOutObserver observer) {
        int taken = 0;
        while (!undispatched.isEmpty() && undispatched.peekFirst().sequence() <= sequence) {
            final Event event = undispatched.pollFirst();
            observer.fanningOut(event, () -> matching(event));
            final int queued = fanOut(event);
            if (event.sequence() == sequence) {
                taken = queued;
            }
            dispatchedSequence = event.sequence();
        }
        return taken;
    }

    @Override
    public synchronized boolean fansOutWithoutBlocking(final int maxSubscribers) {
        final Attachment[] all = attachments();
        if (all.length > maxSubscribers) {
            return false;
        }
        for (final Attachment attachment : all) {
            if (!attachment.outbox().writesWithoutBlocking()) {
                return false;
            }
        }
        return true;
    }

    private Attachment[] attachments() {
        if (attachmentsChanged) {
            attachments = byKey.values().toArray(NONE);
            attachmentsChanged = false;
        }
        return attachments;
    }

    private int matching(final Event event) {
        int n = 0;
        for (final Attachment attachment : attachments()) {
            if (attachment.wants(event)) {
                n++;
            }
        }
        return n;
    }

    private int fanOut(final Event event) {
        int queued = 0;
        for (final Attachment attachment : attachments()) {
            if (attachment.wants(event)) {
                if (attachment.outbox().offer(event)) {
                    deliveriesQueued++;
                    queued++;
                } else {
                    deliveriesDropped++;
                }
            }
        }
        return queued;
    }

    /**
     * Attach a subscriber, replacing any with an equal key. With {@code resumeAfter >= 0} it first gets what the
     * history holds after that sequence number, preceded by a gap notice if the history no longer reaches back that
     * far, or a reset notice if the topic has not got that far (the sequence restarted).
     *
     * @return the subscriber it replaced, already closed, or null
     */
    public SubscriberOutbox attach(final SubscriberOutbox outbox, final EventFilter filter, final long resumeAfter) {
        return attach(outbox, filter, SubscriberRequirements.NONE, resumeAfter);
    }

    /** As {@link #attach(SubscriberOutbox, EventFilter, long)}, for a subscriber that asks for requirements. */
    public SubscriberOutbox attach(final SubscriberOutbox outbox, final EventFilter filter,
                                   final SubscriberRequirements requirements, final long resumeAfter) {
        return attach(outbox, filter, requirements, resumeAfter, ResumeNumbering.SAME);
    }

    /**
     * As {@link #attach(SubscriberOutbox, EventFilter, SubscriberRequirements, long)}, for a {@code resumeAfter} of
     * the given numbering. A number of another numbering that this one has given again (or may have) gets a reset
     * notice, then what the history holds of this numbering: it must not skip the events its number has passed.
     */
    public synchronized SubscriberOutbox attach(final SubscriberOutbox outbox, final EventFilter filter,
                                                final SubscriberRequirements requirements, final long resumeAfter,
                                                final ResumeNumbering numbering) {
        long after = resumeAfter;
        if (resumeAfter >= 0) {
            history.expire(System.nanoTime());
            final List<OutboxItem> replay = new ArrayList<>();
            final long valid = numbering == ResumeNumbering.SAME ? Long.MAX_VALUE
                    : numbering == ResumeNumbering.PREVIOUS ? carriedThrough : 0;
            if (resumeAfter > valid) {
                replay.add(new Gap(name, valid + 1, resumeAfter, Gap.Reason.RESET));
                resetsAnnounced++;
                after = valid;
            } else if (resumeAfter > lastSequence) {
                resetsAnnounced++;
            }
            replay(after, filter, replay);
            outbox.prefill(replay, lastSequence);
        }
        final Attachment existing = byKey.remove(outbox.subscriberKey());
        if (existing != null) {
            withRequirements.remove(existing);
        }
        // a resuming subscriber gets by dispatch what replay left out (not yet dispatched; after a reset, all of it);
        // a new one only what is accepted from now on, even if earlier events are dispatched after (deadline order)
        final long startAfter = after < 0 ? lastSequence : after > lastSequence ? 0 : after;
        final Attachment attachment = new Attachment(outbox, filter, requirements, startAfter);
        byKey.put(outbox.subscriberKey(), attachment);
        if (!SubscriberRequirements.NONE.equals(requirements)) {
            withRequirements.add(attachment);
        }
        attachmentsChanged = true;
        membershipChanges++;
        if (existing == null) {
            return null;
        }
        existing.outbox().close(CloseReason.REPLACED);
        return existing.outbox();
    }

    /** Reset notices this topic has sent to resuming subscribers. */
    public synchronized long resetsAnnounced() {
        return resetsAnnounced;
    }

    private void replay(final long resumeAfter, final EventFilter filter, final List<OutboxItem> items) {
        if (resumeAfter > lastSequence) {
            items.add(new Gap(name, history.oldest(), resumeAfter, Gap.Reason.RESET));
            for (final Event event : history.after(0)) {
                if (event.sequence() > dispatchedSequence) {
                    break;
                }
                if (filter.accepts(event)) {
                    items.add(event);
                }
            }
            return;
        }
        // missing: what the history no longer holds and was dispatched already (what was not comes by dispatch)
        final long lastMissing = Math.min(history.evictedThrough(), dispatchedSequence);
        if (resumeAfter + 1 <= lastMissing) {
            items.add(new Gap(name, resumeAfter + 1, lastMissing, Gap.Reason.HISTORY));
        }
        final Iterator<Gap> runs = givenUp == null ? Collections.emptyIterator() : givenUp.iterator();
        Gap run = nextRunAfter(runs, resumeAfter);
        for (final Event event : history.after(resumeAfter)) {
            if (event.sequence() > dispatchedSequence) {
                break; // not dispatched yet: its dispatch brings it
            }
            for (; run != null && run.firstMissingId() < event.sequence(); run = nextRunAfter(runs, resumeAfter)) {
                items.add(run);
            }
            if (filter.accepts(event)) {
                items.add(event);
            }
        }
        for (; run != null; run = nextRunAfter(runs, resumeAfter)) {
            items.add(run);
        }
    }

    /** The next run given up at a take-over that is not wholly at or before {@code resumeAfter}, clipped to it. */
    private Gap nextRunAfter(final Iterator<Gap> runs, final long resumeAfter) {
        while (runs.hasNext()) {
            final Gap run = runs.next();
            if (run.lastMissingId() > resumeAfter) {
                return run.firstMissingId() > resumeAfter ? run
                        : new Gap(name, resumeAfter + 1, run.lastMissingId(), run.reason());
            }
        }
        return null;
    }

    /** Detach the subscriber with this key and close it. */
    public synchronized SubscriberOutbox detach(final Object subscriberKey, final CloseReason reason) {
        final Attachment existing = byKey.get(subscriberKey);
        return existing != null && detach(existing.outbox(), reason) ? existing.outbox() : null;
    }

    /** Detach this very subscriber (if still attached) and close it. */
    public synchronized boolean detach(final SubscriberOutbox outbox, final CloseReason reason) {
        final Attachment existing = byKey.get(outbox.subscriberKey());
        final boolean attached = existing != null && existing.outbox() == outbox;
        if (attached) {
            byKey.remove(outbox.subscriberKey());
            withRequirements.remove(existing);
            attachmentsChanged = true;
            membershipChanges++;
        }
        // after: closing may close its connection at once, whose close listener detaches it again (as unsubscribed)
        outbox.close(reason);
        return attached;
    }

    /** The strictest of the attached subscribers' requests. */
    public synchronized SubscriberRequirements requirements() {
        SubscriberRequirements strictest = SubscriberRequirements.NONE;
        for (final Attachment attachment : withRequirements) {
            strictest = strictest.strictest(attachment.requirements());
        }
        return strictest;
    }

    /** Close every subscriber. */
    public synchronized void closeAll(final CloseReason reason) {
        for (final Attachment attachment : byKey.values()) {
            attachment.outbox().close(reason);
        }
        byKey.clear();
        withRequirements.clear();
        attachmentsChanged = true;
    }

    /** Accepted events not fanned out to the subscribers yet. */
    public synchronized int undispatched() {
        return undispatched.size();
    }

    public synchronized List<SubscriberOutbox> subscribers() {
        final List<SubscriberOutbox> outboxes = new ArrayList<>(byKey.size());
        for (final Attachment attachment : byKey.values()) {
            outboxes.add(attachment.outbox());
        }
        return outboxes;
    }

    public synchronized TopicSnapshot snapshot() {
        return new TopicSnapshot(name, lastSequence, accepted, byKey.size(), deliveriesQueued,
                deliveriesDropped, history.size(), history.oldest());
    }

    @Override
    public String toString() {
        return "Topic{name=" + name + "}";
    }
}
