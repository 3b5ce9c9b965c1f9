package io.eventhandler.server.arrowhead5;

import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.subscription.AuthorizationGrant.LiveDecision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * ConsumerAuthorization's answers per subscriber and event type: which publishers' {@code EVENT_TYPE} rules grant
 * the subscriber. Each answer is a {@link LiveDecision} the subscriber's filter asks per event, from memory. 5.x
 * pushes no rule changes, so every answer is asked again every half of {@code eh.ah5.authorization.cache.ms} (in one
 * background pass, thread {@code eh-ah5-authorization}; per event type one query of its rules and one check for all
 * its subscribers): a revoked rule stops delivery within the cache age, and a
 * {@link #fresh} answer is never older than it. While ConsumerAuthorization cannot be asked, answers keep what they
 * said last (as the 4.6 dialect keeps its grants), and the failure is logged.
 */
final class EventTypeGrants implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventTypeGrants.class);
    private static final long SHORTEST_PASS_MS = 100;

    private final ConsumerAuthorization5Client authorization;
    private final long maxAgeNanos;
    private final long passMs;
    private final ScheduledExecutorService timer;
    private final Map<Key, Decision> decisions = new ConcurrentHashMap<>();
    private final AtomicBoolean passing = new AtomicBoolean();
    private volatile boolean failing;

    EventTypeGrants(final ConsumerAuthorization5Client authorization, final int maxAgeMs, final Runner runner) {
        this.authorization = authorization;
        this.maxAgeNanos = TimeUnit.MILLISECONDS.toNanos(maxAgeMs);
        this.passMs = Math.max(SHORTEST_PASS_MS, maxAgeMs / 2);
        this.timer = runner.timer("eh-ah5-authorization", Duration.ofSeconds(1));
    }

    /** Re-ask every answer periodically, from now on. */
    void start() {
        timer.scheduleWithFixedDelay(this::pass, passMs, passMs, TimeUnit.MILLISECONDS);
    }

    /**
     * The decision for this subscriber and 5.x event type, asked now unless an answer younger than the cache age is
     * kept; completes exceptionally when ConsumerAuthorization could not be asked and nothing was answered before.
     */
    CompletableFuture<Decision> fresh(final String subscriber, final String eventType) {
        final Decision decision = decisions.computeIfAbsent(new Key(subscriber, eventType), Decision::new);
        if (decision.answeredAt != 0 && System.nanoTime() - decision.answeredAt < maxAgeNanos) {
            return CompletableFuture.completedFuture(decision);
        }
        return ask(decision).thenApply(ignored -> decision);
    }

    /**
     * The decision without waiting (a subscription restored from the store): it permits nobody until its first
     * answer, asked now.
     */
    Decision standing(final String subscriber, final String eventType) {
        final Decision decision = decisions.computeIfAbsent(new Key(subscriber, eventType), Decision::new);
        if (decision.answeredAt == 0) {
            ask(decision).exceptionally(failure -> {
                LOG.warn("ConsumerAuthorization could not be asked for {}: {}", decision, failure.getMessage());
                return null;
            });
        }
        return decision;
    }

    private CompletableFuture<Void> ask(final Decision decision) {
        return ask(decision.key.eventType(), List.of(decision));
    }

    /** One event type's rules, then one check for all these subscribers of it. */
    private CompletableFuture<Void> ask(final String eventType, final List<Decision> ofOneType) {
        final long asked = System.nanoTime();
        final Set<String> subscribers = ofOneType.stream().map(d -> d.key.subscriber()).collect(Collectors.toSet());
        return authorization.rules(eventType)
                .thenCompose(rules -> authorization.granting(rules, subscribers, eventType))
                .thenAccept(granted -> ofOneType.forEach(d -> d.answered(granted.get(d.key.subscriber()), asked)));
    }

    /** Every kept answer asked again, one after the other; a pass starts only when the last one ended. */
    private void pass() {
        if (!passing.compareAndSet(false, true)) {
            return;
        }
        final Map<String, List<Decision>> byType = decisions.values().stream()
                .collect(Collectors.groupingBy(d -> d.key.eventType()));
        CompletableFuture<Void> all = CompletableFuture.completedFuture(null);
        for (final Map.Entry<String, List<Decision>> type : byType.entrySet()) {
            all = all.thenCompose(done -> ask(type.getKey(), type.getValue()));
        }
        all.whenComplete((done, failure) -> {
            passing.set(false);
            if (failure == null && failing) {
                LOG.info("ConsumerAuthorization answers again: {} EVENT_TYPE rule decision(s) re-checked",
                        decisions.size());
            } else if (failure != null && !failing) {
                LOG.warn("re-checking EVENT_TYPE rules with ConsumerAuthorization failed; the last answers stay in"
                        + " force until it answers: {}", failure.getMessage());
            }
            failing = failure != null;
        });
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** @param subscriber the subscriber's system name as given; @param eventType its 5.x name */
    record Key(String subscriber, String eventType) {
    }

    /** The publishers granted to one subscriber for one event type, as last answered. */
    static final class Decision implements LiveDecision {

        private final Key key;
        private volatile Set<String> publishers = Set.of();
        private volatile long answeredAt;
        /** Events a publisher sent that this decision did not let through before its first answer. */
        private final LongAdder heldBeforeAnswer = new LongAdder();

        Decision(final Key key) {
            this.key = key;
        }

        private synchronized void answered(final Set<String> granted, final long asked) {
            if (asked - answeredAt > 0 || answeredAt == 0) {
                final Set<String> lower = granted.stream().map(n -> n.toLowerCase(Locale.ROOT))
                        .collect(Collectors.toUnmodifiableSet());
                if (answeredAt != 0 && !lower.equals(publishers)) {
                    LOG.info("EVENT_TYPE rules for {} on {} now grant publishers {} (were {})", key.subscriber(),
                            key.eventType(), lower, publishers);
                } else if (answeredAt == 0 && heldBeforeAnswer.sum() > 0) {
                    LOG.warn("{} event(s) were not delivered to {} before ConsumerAuthorization's first answer",
                            heldBeforeAnswer.sum(), this);
                }
                publishers = lower;
                answeredAt = asked == 0 ? 1 : asked;
            }
        }

        @Override
        public boolean test(final SystemRef publisher) {
            if (answeredAt == 0) {
                heldBeforeAnswer.increment();
                return false;
            }
            return publishers.contains(publisher.name());
        }

        @Override
        public String toString() {
            return key.subscriber() + " on " + key.eventType() + " by EVENT_TYPE rules " + publishers;
        }
    }

}
