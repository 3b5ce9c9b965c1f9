package io.eventhandler.server.store;

import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.event.SystemRef;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A subscription as stored, with its authorization state. Field meanings as in {@link NewSubscription}.
 *
 * @param id                   the subscription's id; a re-subscription gets a new one, as in Arrowhead
 * @param eventType            the event type's row (its name is the normalised event type)
 * @param subscriber           the subscriber
 * @param filterMetaData       the metadata filter, or null
 * @param matchMetaData        whether {@code filterMetaData} applies
 * @param notifyUri            path on the subscriber that receives the events
 * @param startDate            optional start of validity
 * @param endDate              optional end of validity
 * @param sources              the requested publishers, possibly empty
 * @param consumerId           the Authorization system's id of the subscriber, or null
 * @param authorizedPublishers the publishers the Authorization system allows
 * @param createdAt            when this subscription was made
 * @param updatedAt            when it was last changed through the management API (authorization updates leave it)
 * @param requirements         what the subscriber asks of the topic (never null)
 */
public record StoredSubscription(long id, StoredEventType eventType, StoredSystem subscriber,
                                 Map<String, String> filterMetaData, boolean matchMetaData, String notifyUri,
                                 Instant startDate, Instant endDate, List<StoredSystem> sources, Long consumerId,
                                 Set<SystemRef> authorizedPublishers, Instant createdAt, Instant updatedAt,
                                 SubscriberRequirements requirements) {

    public StoredSubscription {
        filterMetaData = filterMetaData == null ? null : Map.copyOf(filterMetaData);
        sources = List.copyOf(sources);
        authorizedPublishers = Set.copyOf(authorizedPublishers);
        requirements = requirements == null ? SubscriberRequirements.NONE : requirements;
    }

    /** A subscription that asked for nothing beyond Arrowhead's fields. */
    public StoredSubscription(final long id, final StoredEventType eventType, final StoredSystem subscriber,
                              final Map<String, String> filterMetaData, final boolean matchMetaData,
                              final String notifyUri, final Instant startDate, final Instant endDate,
                              final List<StoredSystem> sources, final Long consumerId,
                              final Set<SystemRef> authorizedPublishers, final Instant createdAt,
                              final Instant updatedAt) {
        this(id, eventType, subscriber, filterMetaData, matchMetaData, notifyUri, startDate, endDate, sources,
                consumerId, authorizedPublishers, createdAt, updatedAt, SubscriberRequirements.NONE);
    }

    /** The normalised event type name. */
    public String eventTypeName() {
        return eventType.name();
    }

    /** Whether only the listed sources may publish to the subscriber (Arrowhead's only_predefined_publishers). */
    public boolean onlyPredefinedPublishers() {
        return !sources.isEmpty();
    }

    /**
     * Whether an event of this publisher may reach the subscriber, as Arrowhead's publisher connections decide: the
     * publisher must be authorized, and among the sources when sources were given.
     */
    public boolean accepts(final SystemRef publisher) {
        if (!authorizedPublishers.contains(publisher)) {
            return false;
        }
        return sources.isEmpty() || sources.stream().anyMatch(source -> source.ref().equals(publisher));
    }

    /** The subscription as input again, e.g. to store it with a new authorization state. */
    public NewSubscription toNew() {
        return new NewSubscription(eventType.name(), subscriber, filterMetaData, matchMetaData, notifyUri, startDate,
                endDate, sources, consumerId, authorizedPublishers, requirements);
    }
}
