package io.eventhandler.server.validation;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.http.ArrowheadException;

/**
 * The bound on the number of topics: a publish or subscription that would add one more than {@code eh.max.topics}
 * is refused, so that a client inventing event types cannot fill the heap. Known topics cost a map look-up. Checked
 * before the topic is made, without a lock: concurrent requests may pass the bound by at most their number.
 */
public final class TopicLimit {

    private static final int CONFLICT = 409;

    private final Broker broker;
    private final int maxTopics;

    public TopicLimit(final Broker broker, final int maxTopics) {
        this.broker = broker;
        this.maxTopics = maxTopics;
    }

    /** Refuse with 409 if the (normalised) topic is new and there is no room for it. */
    public void requireRoom(final String topic, final String origin) {
        if (!broker.hasTopic(topic) && broker.topicCount() >= maxTopics) {
            throw new ArrowheadException(ExceptionType.INVALID_PARAMETER, CONFLICT, "This Event Handler already has "
                    + maxTopics + " event types, its limit (" + LimitsConfiguration.MAX_TOPICS.key() + "), and "
                    + topic + " is not one of them: use an existing event type, or ask the operator to raise the "
                    + "limit.", origin);
        }
    }
}
