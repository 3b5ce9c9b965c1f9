package io.eventhandler.server.store;

import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.event.SystemRef;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What {@link SubscriptionStore#save} and {@link SubscriptionStore#update} write: a validated subscription and its
 * authorization state, everything but the id and the timestamps the store assigns.
 *
 * @param eventType            the event type, normalised here as Arrowhead does (trimmed, upper-case)
 * @param subscriber           the subscriber; with the event type, the subscription's unique key
 * @param filterMetaData       the metadata filter as requested, or null when the request had none
 * @param matchMetaData        whether {@code filterMetaData} applies
 * @param notifyUri            path on the subscriber that receives the events
 * @param startDate            optional start of validity
 * @param endDate              optional end of validity
 * @param sources              the publishers the subscriber asked for (empty: any authorized publisher)
 * @param consumerId           the Authorization system's id of the subscriber, null until known; the key that
 *                             {@code SUBSCRIBER_AUTH_UPDATE} payloads refer to
 * @param authorizedPublishers the publishers the Authorization system allows to reach the subscriber
 * @param requirements         what the subscriber asks of the topic (never null)
 */
public record NewSubscription(String eventType, StoredSystem subscriber, Map<String, String> filterMetaData,
                              boolean matchMetaData, String notifyUri, Instant startDate, Instant endDate,
                              List<StoredSystem> sources, Long consumerId, Set<SystemRef> authorizedPublishers,
                              SubscriberRequirements requirements) {

    public NewSubscription {
        eventType = normaliseEventType(eventType);
        filterMetaData = filterMetaData == null ? null : Map.copyOf(filterMetaData);
        sources = sources == null ? List.of() : List.copyOf(sources);
        authorizedPublishers = authorizedPublishers == null ? Set.of() : Set.copyOf(authorizedPublishers);
        requirements = requirements == null ? SubscriberRequirements.NONE : requirements;
    }

    /** A subscription that asks for nothing beyond Arrowhead's fields. */
    public NewSubscription(final String eventType, final StoredSystem subscriber,
                           final Map<String, String> filterMetaData, final boolean matchMetaData,
                           final String notifyUri, final Instant startDate, final Instant endDate,
                           final List<StoredSystem> sources, final Long consumerId,
                           final Set<SystemRef> authorizedPublishers) {
        this(eventType, subscriber, filterMetaData, matchMetaData, notifyUri, startDate, endDate, sources,
                consumerId, authorizedPublishers, SubscriberRequirements.NONE);
    }

    /** The same subscription with another authorization state. */
    public NewSubscription withAuthorization(final Long newConsumerId, final Set<SystemRef> publishers) {
        return new NewSubscription(eventType, subscriber, filterMetaData, matchMetaData, notifyUri, startDate,
                endDate, sources, newConsumerId, publishers, requirements);
    }

    /** The same subscription of the subscriber as described otherwise (e.g. as registered in the cloud). */
    public NewSubscription withSubscriber(final StoredSystem registered) {
        return new NewSubscription(eventType, registered, filterMetaData, matchMetaData, notifyUri, startDate,
                endDate, sources, consumerId, authorizedPublishers, requirements);
    }

    /** The same subscription with its events pushed to another target (an MQTT subscription's {@code mqtt:topic}). */
    public NewSubscription withNotifyUri(final String target) {
        return new NewSubscription(eventType, subscriber, filterMetaData, matchMetaData, target, startDate,
                endDate, sources, consumerId, authorizedPublishers, requirements);
    }

    /** Arrowhead's normalisation of event type names ({@code toUpperCase().trim()}). */
    public static String normaliseEventType(final String eventType) {
        return eventType.toUpperCase(Locale.ROOT).trim();
    }

    /** Whether only the listed sources may publish to the subscriber (Arrowhead's only_predefined_publishers). */
    public boolean onlyPredefinedPublishers() {
        return !sources.isEmpty();
    }
}
