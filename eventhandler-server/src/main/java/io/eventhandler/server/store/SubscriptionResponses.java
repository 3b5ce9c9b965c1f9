package io.eventhandler.server.store;

import io.eventhandler.api.EventTypeResponseDTO;
import io.eventhandler.api.SubscriptionListResponseDTO;
import io.eventhandler.api.SubscriptionResponseDTO;
import io.eventhandler.api.SystemResponseDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.qos.SubscriberRequirementsDocument;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;

/**
 * Stored subscriptions as the management API answers them, as Arrowhead's {@code DTOConverter} does: instants as
 * ISO-8601 UTC ({@code Utilities.convertZonedDateTimeToUTCString}), the subscriber with the Authorization system's id
 * for it when known, and as {@code sources} the publisher connections: the requested sources, or when none were
 * requested, the authorized publishers.
 */
public final class SubscriptionResponses {

    private static final Comparator<SystemRef> REF_ORDER = Comparator.comparing(SystemRef::name)
            .thenComparing(SystemRef::address).thenComparingInt(SystemRef::port);

    private SubscriptionResponses() {
    }

    public static SubscriptionResponseDTO toDto(final StoredSubscription subscription) {
        final StoredEventType eventType = subscription.eventType();
        final StoredSystem subscriber = subscription.subscriber();
        return new SubscriptionResponseDTO(
                subscription.id(),
                new EventTypeResponseDTO(eventType.id(), eventType.name(), iso(eventType.createdAt()),
                        iso(eventType.updatedAt())),
                new SystemResponseDTO(subscription.consumerId(), subscriber.systemName(), subscriber.address(),
                        subscriber.port(), subscriber.authenticationInfo(), subscriber.metadata(), null, null),
                subscription.filterMetaData(),
                subscription.notifyUri(),
                subscription.matchMetaData(),
                iso(subscription.startDate()),
                iso(subscription.endDate()),
                sources(subscription),
                iso(subscription.createdAt()),
                iso(subscription.updatedAt()),
                SubscriberRequirementsDocument.toDto(subscription.requirements()));
    }

    public static SubscriptionListResponseDTO toDto(final SubscriptionPage page) {
        return new SubscriptionListResponseDTO(page.items().stream().map(SubscriptionResponses::toDto).toList(),
                page.totalCount());
    }

    private static List<SystemResponseDTO> sources(final StoredSubscription subscription) {
        if (subscription.onlyPredefinedPublishers()) {
            return subscription.sources().stream()
                    .map(source -> new SystemResponseDTO(null, source.systemName(), source.address(), source.port(),
                            source.authenticationInfo(), source.metadata(), null, null))
                    .toList();
        }
        return subscription.authorizedPublishers().stream().sorted(REF_ORDER)
                .map(ref -> new SystemResponseDTO(null, ref.name(), ref.address(), ref.port(), null, null, null, null))
                .toList();
    }

    private static String iso(final Instant instant) {
        return instant == null ? null : DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
