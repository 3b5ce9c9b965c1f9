package io.eventhandler.client.discovery;

import io.eventhandler.api.EventHandlerApi;

/**
 * The Event Handler services an application system looks up: Arrowhead's three public ones and our SSE stream.
 * Each has its service definition (what the Service Registry and Orchestrator are asked for) and the path it has
 * when the Event Handler does not say otherwise.
 */
public enum EventHandlerService {

    PUBLISH("event-publish", EventHandlerApi.PUBLISH),
    SUBSCRIBE("event-subscribe", EventHandlerApi.SUBSCRIBE),
    UNSUBSCRIBE("event-unsubscribe", EventHandlerApi.UNSUBSCRIBE),
    /** Not an Arrowhead service: a stock Arrowhead Event Handler does not register it. */
    SUBSCRIBE_SSE("event-subscribe-sse", EventHandlerApi.SUBSCRIPTION);

    private final String definition;
    private final String defaultPath;

    EventHandlerService(final String definition, final String endpoint) {
        this.definition = definition;
        this.defaultPath = EventHandlerApi.BASE_PATH + endpoint;
    }

    /** The service definition, e.g. {@code event-publish}. */
    public String definition() {
        return definition;
    }

    /** The standard service URI, e.g. {@code /eventhandler/publish}. */
    public String defaultPath() {
        return defaultPath;
    }
}
