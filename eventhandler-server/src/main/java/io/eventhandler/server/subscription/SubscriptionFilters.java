package io.eventhandler.server.subscription;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.subscription.ArrowheadEventFilter;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.server.store.StoredSubscription;
import io.eventhandler.server.store.StoredSystem;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The delivery filter of a stored subscription: Arrowhead's metadata, source and date rules. */
final class SubscriptionFilters {

    private SubscriptionFilters() {
    }

    static EventFilter of(final StoredSubscription subscription, final long toleranceMicros) {
        final Set<SystemRef> sources = subscription.sources().stream().map(StoredSystem::ref)
                .collect(Collectors.toUnmodifiableSet());
        return new ArrowheadEventFilter(subscription.matchMetaData(),
                subscription.filterMetaData() == null ? Map.of() : subscription.filterMetaData(), sources,
                micros(subscription.startDate(), Long.MIN_VALUE), micros(subscription.endDate(), Long.MAX_VALUE),
                toleranceMicros);
    }

    private static long micros(final Instant instant, final long absent) {
        return instant == null ? absent : EpochMicros.of(instant);
    }
}
