package io.eventhandler.client.discovery;

import io.eventhandler.api.EventHandlerApi;

/**
 * The Event Handler services an application system looks up: Arrowhead's three public ones and our SSE stream.
 * Each has its 4.6 service definition (what the Service Registry and Orchestrator are asked for), the Arrowhead 5
 * service and operation it is (5.x registers two services with operations), and the path it has when the Event
 * Handler does not say otherwise.
 */
public enum EventHandlerService {

    PUBLISH("event-publish", "eventPublish", "publish", EventHandlerApi.PUBLISH),
    SUBSCRIBE("event-subscribe", "eventSubscribe", "subscribe", EventHandlerApi.SUBSCRIBE),
    UNSUBSCRIBE("event-unsubscribe", "eventSubscribe", "unsubscribe", EventHandlerApi.UNSUBSCRIBE),
    /** Not an Arrowhead 4.6 service: a stock Arrowhead Event Handler does not register it. */
    SUBSCRIBE_SSE("event-subscribe-sse", "eventSubscribe", "stream", EventHandlerApi.SUBSCRIPTION);

    private final String definition;
    private final String arrowhead5Service;
    private final String arrowhead5Operation;
    private final String defaultPath;

    EventHandlerService(final String definition, final String arrowhead5Service, final String arrowhead5Operation,
                        final String endpoint) {
        this.definition = definition;
        this.arrowhead5Service = arrowhead5Service;
        this.arrowhead5Operation = arrowhead5Operation;
        this.defaultPath = EventHandlerApi.BASE_PATH + endpoint;
    }

    /** The Arrowhead 5 service definition it belongs to, e.g. {@code eventSubscribe}. */
    public String arrowhead5Service() {
        return arrowhead5Service;
    }

    /** Its Arrowhead 5 operation, e.g. {@code unsubscribe}. */
    public String arrowhead5Operation() {
        return arrowhead5Operation;
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
