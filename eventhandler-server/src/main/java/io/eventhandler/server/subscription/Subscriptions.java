package io.eventhandler.server.subscription;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.subscription.AuthorizedPublishers;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.store.NewSubscription;
import io.eventhandler.server.store.PageRequest;
import io.eventhandler.server.store.StoredSubscription;
import io.eventhandler.server.store.StoredSystem;
import io.eventhandler.server.store.SubscriptionPage;
import io.eventhandler.server.store.SubscriptionStore;
import io.eventhandler.core.topic.TopicSnapshot;
import io.eventhandler.server.webhook.DeliveredPositions;
import io.eventhandler.server.webhook.PushDelivery;
import io.eventhandler.server.webhook.WebhookDispatcher;
import io.eventhandler.server.webhook.WebhookSubscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The webhook subscriptions: each one authorized, stored (so it survives a restart) and attached to its topic with a
 * filter of Arrowhead's rules and its authorized publishers. Store and attachment change on one thread, in call
 * order, so the store and the broker always agree; callers get futures and are never blocked (the Authorization
 * system and the database are slow next to a publish).
 */
public final class Subscriptions implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Subscriptions.class);
    /** A change that takes longer (a slow database) counts as a stall of the thread. */
    private static final Duration STALL_BOUND = Duration.ofSeconds(5);

    private final SubscriptionStore store;
    private final Broker broker;
    private final WebhookDispatcher webhooks;
    private final SubscriptionAuthorizer authorizer;
    private final long toleranceMicros;
    /** The one thread that changes the store and the attachments, in call order. */
    private final ExecutorService worker;
    /** The live publisher filter of each attached subscription, by topic and subscriber. */
    private final Map<Key, AuthorizedPublishers> attached = new ConcurrentHashMap<>();
    /** Told after every change of the stored subscriptions (the replication link mirrors them to the backup). */
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();
    /** Where webhook subscriptions' delivered positions are kept; null when they are not (no durable history). */
    private final DeliveredPositions positions;
    /** The store id of each attached subscription, whose position is tracked. */
    private final Map<Key, Long> attachedIds = new ConcurrentHashMap<>();
    /** The deliveries of notify targets that are not webhook paths, by the prefix that marks them. */
    private final Map<String, PushDelivery> otherTargets = new ConcurrentHashMap<>();

    /**
     * @param toleranceSeconds allowed clock difference of the subscriptions' start and end dates
     * @param runner           makes the subscriptions' thread, {@code eh-subscriptions}
     * @param positions        where webhook subscriptions' delivered positions are kept, to resume from after a
     *                         restart (with durable history only); null: every attachment is for live events
     */
    public Subscriptions(final SubscriptionStore store, final Broker broker, final WebhookDispatcher webhooks,
                         final SubscriptionAuthorizer authorizer, final int toleranceSeconds, final Runner runner,
                         final DeliveredPositions positions) {
        this.worker = runner.pool("eh-subscriptions", 1, STALL_BOUND);
        this.positions = positions;
        this.store = store;
        this.broker = broker;
        this.webhooks = webhooks;
        this.authorizer = authorizer;
        this.toleranceMicros = toleranceSeconds * 1_000_000L;
    }

    /** Authorize, store (replacing the subscriber's previous subscription to the type) and attach. */
    public CompletableFuture<StoredSubscription> subscribe(final NewSubscription subscription, final String origin) {
        return authorizer.check(subscription.subscriber().toRequest(), subscription.eventType(), origin)
                .thenApplyAsync(grant -> {
                    final StoredSubscription stored = store.save(withGrant(subscription, grant));
                    attach(stored, grant);
                    changed();
                    return stored;
                }, worker);
    }

    /** Call {@code listener} (on the subscriptions' thread; it must not block) after every change. */
    public void onChange(final Runnable listener) {
        changeListeners.add(listener);
    }

    private void changed() {
        changeListeners.forEach(Runnable::run);
    }

    /** Every stored subscription, read on the subscriptions' thread (in order with the changes). */
    public CompletableFuture<List<StoredSubscription>> all() {
        return CompletableFuture.supplyAsync(store::all, worker);
    }

    /**
     * Make the stored subscriptions exactly {@code wanted} (the primary's, on its backup): each is stored with the
     * authorization state the primary gave it and attached; any other is removed.
     *
     * @return completes with the number of subscriptions removed
     */
    public CompletableFuture<Integer> mirror(final List<NewSubscription> wanted) {
        return CompletableFuture.supplyAsync(() -> {
            final Map<Key, NewSubscription> byKey = new LinkedHashMap<>();
            wanted.forEach(w -> byKey.put(new Key(w.eventType(), w.subscriber().ref()), w));
            int removed = 0;
            for (final StoredSubscription stored : store.all()) {
                final Key key = Key.of(stored);
                if (!byKey.containsKey(key)) {
                    store.delete(stored.id());
                    detach(key.eventType(), key.subscriber());
                    removed++;
                } else if (stored.toNew().equals(byKey.get(key))) {
                    byKey.remove(key); // unchanged: attached already
                }
            }
            for (final NewSubscription subscription : byKey.values()) {
                final StoredSubscription stored = store.save(subscription);
                attach(stored, grantOf(stored));
            }
            return removed;
        }, worker);
    }

    /** Remove the subscription of this subscriber to this type, if any. */
    public CompletableFuture<Boolean> unsubscribe(final String eventType, final SystemRef subscriber) {
        return CompletableFuture.supplyAsync(() -> {
            final boolean stored = store.delete(eventType, subscriber);
            detach(NewSubscription.normaliseEventType(eventType), subscriber);
            changed();
            return stored;
        }, worker);
    }

    /**
     * Attach every stored subscription, with the authorization state it was stored with (or the local policy), so
     * delivery resumes at once after a restart; re-checking with the Authorization system is {@link #recheckAll}.
     */
    public CompletableFuture<Integer> restore() {
        return CompletableFuture.supplyAsync(() -> {
            final List<StoredSubscription> all = store.all();
            final Map<Long, Long> delivered = positions == null ? Map.of() : positions.stored();
            int resumed = 0;
            for (final StoredSubscription stored : all) {
                final Long after = delivered.get(stored.id());
                attach(stored, grantOf(stored), after);
                if (after != null) {
                    resumed++;
                    LOG.info("webhook subscription {} of {} to {} resumes after event {} (events it got after the "
                            + "last recorded position come again, with their X-Event-Sequence)", stored.id(),
                            stored.subscriber().ref(), stored.eventTypeName(), after);
                }
            }
            LOG.info("restored {} stored subscription(s), {} resuming from a delivered position", all.size(),
                    resumed);
            return all.size();
        }, worker);
    }

    /**
     * Ask the cloud's authorization again about every stored subscriber: at start, when the cloud answers again
     * after an outage, and periodically, so that a rule change whose update was lost still takes effect. A subscriber
     * the cloud refuses outright (it no longer knows it) keeps its subscriptions but is permitted no publisher.
     *
     * @return completes with the number of subscribers checked, or exceptionally with the first failure that is
     *         not such a refusal (the cloud could not be asked; the rest keep their state until the next pass)
     */
    public CompletableFuture<Integer> recheckAll() {
        return CompletableFuture.supplyAsync(store::all, worker).thenCompose(all -> {
            final Map<SystemRef, List<StoredSubscription>> bySubscriber = new LinkedHashMap<>();
            all.forEach(s -> bySubscriber.computeIfAbsent(s.subscriber().ref(), k -> new ArrayList<>()).add(s));
            CompletableFuture<Integer> chain = CompletableFuture.completedFuture(0);
            for (final List<StoredSubscription> subscriptions : bySubscriber.values()) {
                chain = chain.thenCompose(count -> recheckOrRevoke(subscriptions).thenApply(ignored -> count + 1));
            }
            return chain;
        });
    }

    /**
     * {@code SUBSCRIBER_AUTH_UPDATE}: the Authorization system's rules for the subscriber with this id changed.
     *
     * @return the number of its subscriptions re-checked
     */
    public CompletableFuture<Integer> authorizationChanged(final long consumerId) {
        return CompletableFuture.supplyAsync(() -> store.bySubscriberId(consumerId), worker)
                .thenCompose(subscriptions -> subscriptions.isEmpty() ? CompletableFuture.completedFuture(0)
                        : recheck(subscriptions, true).thenApply(ignored -> subscriptions.size()));
    }

    private CompletableFuture<Void> recheckOrRevoke(final List<StoredSubscription> ofOneSubscriber) {
        return recheck(ofOneSubscriber, false).handle((ignored, failure) -> failure)
                .thenCompose(failure -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(null);
                    }
                    if (!authorizer.refusesSubscriber(failure)) {
                        return CompletableFuture.failedFuture(AsyncResponses.unwrap(failure));
                    }
                    final StoredSubscription first = ofOneSubscriber.get(0);
                    LOG.warn("the cloud refuses subscriber {} now ({}): no publisher reaches its {} subscription(s)",
                            first.subscriber().ref(), AsyncResponses.unwrap(failure).getMessage(),
                            ofOneSubscriber.size());
                    return CompletableFuture.runAsync(() -> apply(ofOneSubscriber, AuthorizationGrant.toSystems(
                            first.consumerId(), Set.of(), first.subscriber().authenticationInfo()), false), worker);
                });
    }

    /**
     * One check per subscriber for all its subscriptions: only a cloud whose grants are stored with the subscriptions
     * (Arrowhead 4.6, whose rules hold for every event type) is re-checked here; one that decides per event type
     * keeps its decisions live itself ({@link SubscriptionAuthorizer#standing}).
     *
     * @param announce log the outcome even if nothing changed (an update notice asked for it)
     */
    private CompletableFuture<Void> recheck(final List<StoredSubscription> ofOneSubscriber, final boolean announce) {
        final StoredSubscription first = ofOneSubscriber.get(0);
        return authorizer.check(first.subscriber().toRequest(), first.eventTypeName(), null)
                .thenAcceptAsync(grant -> apply(ofOneSubscriber, grant, announce), worker);
    }

    /** On the subscriptions' thread: store the grant and make the live filters (and webhook scheme) follow it. */
    private void apply(final List<StoredSubscription> ofOneSubscriber, final AuthorizationGrant grant,
                       final boolean announce) {
        boolean changedAny = announce;
        for (final StoredSubscription subscription : ofOneSubscriber) {
            changedAny |= !Objects.equals(subscription.consumerId(), grant.consumerId())
                    || !subscription.authorizedPublishers().equals(grant.publishers());
            store.updateAuthorization(subscription.id(), grant.consumerId(), grant.publishers());
            final AuthorizedPublishers live = attached.get(Key.of(subscription));
            if (grant.registered() != null && grant.registered().hasKey() != hasKey(subscription.subscriber())) {
                // registered again with (or without) a key: the webhook's scheme changes with it
                final StoredSystem registered = withKey(subscription.subscriber(), grant.registered());
                store.updateSubscriberAuthenticationInfo(subscription.id(), registered.authenticationInfo());
                store.find(subscription.id()).ifPresent(updated -> attach(updated, grant));
            } else if (live != null) {
                grant.applyTo(live);
            }
        }
        changed();
        if (changedAny) {
            LOG.info("authorization of {} re-checked: {} publisher(s) permitted",
                    ofOneSubscriber.get(0).subscriber().ref(),
                    grant.everyone() ? "all" : grant.publishers().size() + grant.publisherNames().size());
        }
    }

    public CompletableFuture<SubscriptionPage> page(final PageRequest request) {
        return CompletableFuture.supplyAsync(() -> store.page(request), worker);
    }

    public CompletableFuture<StoredSubscription> get(final long id) {
        return CompletableFuture.supplyAsync(() -> store.get(id), worker);
    }

    /** Management update: authorize the new content, store it under the same id, and re-attach. */
    public CompletableFuture<StoredSubscription> update(final long id, final NewSubscription subscription,
                                                        final String origin) {
        return CompletableFuture.supplyAsync(() -> store.get(id), worker)
                .thenCompose(old -> authorizer.check(subscription.subscriber().toRequest(), subscription.eventType(),
                        origin)
                        .thenApplyAsync(grant -> {
                            final StoredSubscription updated = store.update(id, withGrant(subscription, grant));
                            final Key oldKey = Key.of(old);
                            if (!oldKey.equals(Key.of(updated))) {
                                detach(oldKey.eventType(), oldKey.subscriber());
                            }
                            attach(updated, grant);
                            changed();
                            return updated;
                        }, worker));
    }

    /** Management delete. */
    public CompletableFuture<Boolean> delete(final long id) {
        return CompletableFuture.supplyAsync(() -> {
            final Optional<StoredSubscription> old = store.find(id);
            final boolean deleted = store.delete(id);
            old.ifPresent(s -> detach(s.eventTypeName(), s.subscriber().ref()));
            changed();
            return deleted;
        }, worker);
    }

    /** The authorization state a subscription was stored with (or the local policy's verdict). */
    private AuthorizationGrant grantOf(final StoredSubscription stored) {
        final Optional<AuthorizationGrant> standing = authorizer.standing(stored.subscriber().toRequest(),
                stored.eventTypeName());
        if (standing.isPresent()) {
            return standing.get();
        }
        return authorizer.remote()
                ? AuthorizationGrant.toSystems(stored.consumerId(), stored.authorizedPublishers(),
                        stored.subscriber().authenticationInfo())
                : authorizer.check(stored.subscriber().toRequest(), stored.eventTypeName(), null).join();
    }

    /**
     * The subscription as stored under a cloud's grant: its authorization state, and the subscriber with the key it
     * registered in place of whatever its request said (that key decides HTTPS, as in the stock Event Handler).
     */
    private NewSubscription withGrant(final NewSubscription subscription, final AuthorizationGrant grant) {
        if (!authorizer.remote()) {
            return subscription;
        }
        final NewSubscription authorized = subscription.withAuthorization(grant.consumerId(), grant.publishers());
        return grant.registered() == null ? authorized
                : authorized.withSubscriber(withKey(subscription.subscriber(), grant.registered()));
    }

    private static StoredSystem withKey(final StoredSystem subscriber,
                                        final AuthorizationGrant.RegisteredSubscriber registered) {
        return new StoredSystem(subscriber.systemName(), subscriber.address(), subscriber.port(),
                registered.hasKey() ? registered.authenticationInfo() : null, subscriber.metadata());
    }

    private static boolean hasKey(final StoredSystem system) {
        return system.authenticationInfo() != null && !system.authenticationInfo().isBlank();
    }

    private void attach(final StoredSubscription stored, final AuthorizationGrant grant) {
        attach(stored, grant, null);
    }

    /**
     * Push the events of subscriptions whose notify target starts with {@code prefix} (never '/', which every
     * webhook path starts with) through {@code delivery} rather than a webhook. Before {@link #restore}.
     */
    public void deliverTargets(final String prefix, final PushDelivery delivery) {
        if (prefix.startsWith("/")) {
            throw new IllegalArgumentException("webhook paths start with '/': " + prefix);
        }
        otherTargets.put(prefix, delivery);
    }

    /** The delivery of the subscription's notify target; null when its transport is not on. */
    private PushDelivery deliveryOf(final StoredSubscription stored) {
        if (stored.notifyUri().startsWith("/")) {
            return webhooks;
        }
        for (final Map.Entry<String, PushDelivery> other : otherTargets.entrySet()) {
            if (stored.notifyUri().startsWith(other.getKey())) {
                return other.getValue();
            }
        }
        return null;
    }

    /** Attach for live events, or (with {@code resumeAfter}) from after that recorded delivered position. */
    private void attach(final StoredSubscription stored, final AuthorizationGrant grant, final Long resumeAfter) {
        final AuthorizedPublishers publishers = grant.filter();
        final WebhookSubscription subscription = new WebhookSubscription(stored.eventTypeName(),
                stored.subscriber().ref(), stored.notifyUri(),
                SubscriptionFilters.of(stored, toleranceMicros).and(publishers),
                hasKey(stored.subscriber()), stored.requirements());
        final PushDelivery delivery = deliveryOf(stored);
        if (delivery == null) {
            // stored while that transport was on; it stays stored and is delivered again once it is on
            LOG.warn("subscription {} of {} to {} is not delivered: its target {} needs a transport that is off",
                    stored.id(), stored.subscriber().ref(), stored.eventTypeName(), stored.notifyUri());
            return;
        }
        final Key key = Key.of(stored);
        final Long previous = attachedIds.put(key, stored.id());
        if (positions == null) {
            delivery.subscribe(subscription, -1, DeliveredPositions.untracked());
        } else {
            if (previous != null && previous != stored.id()) {
                positions.forget(previous);
            }
            if (resumeAfter != null) {
                delivery.subscribe(subscription, resumeAfter, positions.track(stored.id(), resumeAfter, true));
            } else {
                // a new subscription starts with what is accepted from now on, recorded as such before it attaches
                final long now = broker.topic(stored.eventTypeName(), false).map(TopicSnapshot::lastSequence)
                        .orElse(0L);
                delivery.subscribe(subscription, -1, positions.trackWritten(stored.id(), now));
            }
        }
        attached.put(key, publishers);
    }

    private void detach(final String eventType, final SystemRef subscriber) {
        broker.unsubscribe(eventType, subscriber);
        final Key key = new Key(eventType, subscriber);
        attached.remove(key);
        final Long id = attachedIds.remove(key);
        if (id != null && positions != null) {
            positions.forget(id);
        }
    }

    /** Stop taking changes; what was accepted before is finished first. */
    @Override
    public void close() {
        worker.shutdown();
        try {
            if (!worker.awaitTermination(5, TimeUnit.SECONDS)) {
                worker.shutdownNow();
            }
        } catch (final InterruptedException e) {
            worker.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private record Key(String eventType, SystemRef subscriber) {
        static Key of(final StoredSubscription subscription) {
            return new Key(subscription.eventTypeName(), subscription.subscriber().ref());
        }
    }
}
