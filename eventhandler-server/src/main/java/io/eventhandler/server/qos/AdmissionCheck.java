package io.eventhandler.server.qos;

import io.eventhandler.core.qos.SubscriberRequirements;

/**
 * Decides whether a subscriber's requirements can be granted on its topic (the delivery's admission test), before the
 * subscriber attaches.
 */
@FunctionalInterface
public interface AdmissionCheck {

    /** Grants everything: a server without real-time delivery settings, and tests. */
    AdmissionCheck ALWAYS = (eventType, requirements, origin) -> { };

    /**
     * @param origin the endpoint asking, for the error
     * @throws RuntimeException an {@code ArrowheadException} (409) naming the reason when they cannot be granted
     */
    void admit(String eventType, SubscriberRequirements requirements, String origin);
}
