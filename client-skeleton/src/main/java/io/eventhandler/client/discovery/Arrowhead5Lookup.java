package io.eventhandler.client.discovery;

import java.util.List;

/**
 * What the Arrowhead 5 lookups share: services named by their 5.x service and operation, a consumer granted only
 * {@code eventSubscribe} locating the Event Handler by it, and the interface template of the caller's scheme.
 */
interface Arrowhead5Lookup extends ServiceLookup {

    /** {@code generic_https} with TLS, else {@code generic_http}: the Event Handler's HTTP interface templates. */
    static String template(final boolean secure) {
        return secure ? "generic_https" : "generic_http";
    }

    /** In 5.x a consumer may be granted only {@code eventSubscribe}: it finds the Event Handler by that. */
    @Override
    default List<EventHandlerService> anchors() {
        return List.of(EventHandlerService.PUBLISH, EventHandlerService.SUBSCRIBE);
    }

    /** The 5.x service and operation, e.g. {@code eventSubscribe/stream}. */
    @Override
    default String nameOf(final EventHandlerService service) {
        return service.arrowhead5Service() + "/" + service.arrowhead5Operation();
    }
}
