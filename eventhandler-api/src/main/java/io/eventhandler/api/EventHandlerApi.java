package io.eventhandler.api;

/** Paths, headers and parameters of the Event Handler's HTTP API. */
public final class EventHandlerApi {

    /** Base path of every Event Handler endpoint, as in Arrowhead. */
    public static final String BASE_PATH = "/eventhandler";
    public static final String ECHO = "/echo";
    public static final String PUBLISH = "/publish";
    /** Many events in one request: a JSON array of publish requests, accepted all or none (proxies, gateways). */
    public static final String PUBLISH_BATCH = "/publish/batch";
    public static final String SUBSCRIBE = "/subscribe";
    public static final String UNSUBSCRIBE = "/unsubscribe";
    /** The SSE stream of one topic. */
    public static final String SUBSCRIPTION = "/subscription";
    public static final String STATISTICS = "/mgmt/statistics";
    /** Arrowhead's {@code event-publish-auth-update}: only the Authorization system calls it. */
    public static final String PUBLISH_AUTH_UPDATE = "/publish/authupdate";
    /** Arrowhead's subscription management (system operator only). */
    public static final String MGMT_SUBSCRIPTIONS = "/mgmt/subscriptions";
    /** The event type of authorization updates; the payload is the subscriber's id in the Authorization system. */
    public static final String SUBSCRIBER_AUTH_UPDATE = "SUBSCRIBER_AUTH_UPDATE";

    /** Header (and query parameter) naming the topic of an SSE stream, as the improved 2019 Event Handler did. */
    public static final String EVENT_TYPE_HEADER = "eventtype";
    /** Alternative query parameter naming the topic of an SSE stream, as unsubscribe names it. */
    public static final String EVENT_TYPE_PARAM = "event_type";
    public static final String LAST_EVENT_ID_HEADER = "Last-Event-ID";
    /** SSE query parameter: the consumer priority the stream asks for its derived topic (an integer, higher first). */
    public static final String PRIORITY_PARAM = "priority";
    /** SSE query parameter: a stricter end-to-end deadline for the stream's topic, in milliseconds. */
    public static final String DEADLINE_PARAM = "deadline_ms";
    /** SSE query parameter: a stricter loss tolerance (consecutive losses) for the stream's topic. */
    public static final String LOSS_TOLERANCE_PARAM = "loss_tolerance";
    /** SSE query parameter: the least latency from the Event Handler to this subscriber (Δ_BS), in milliseconds. */
    public static final String LATENCY_PARAM = "latency_ms";
    /**
     * Header on webhook POSTs, and on a publish answer given as durable, carrying the event's per-topic sequence
     * number.
     */
    public static final String SEQUENCE_HEADER = "X-Event-Sequence";
    /**
     * Header of a publish answer: the topic's publisher retention N (its QoS), the number of latest events the
     * publisher keeps and resends to the backup after a failover; 0 when the topic has none.
     */
    public static final String RETENTION_HEADER = "Eh-Retention";
    /**
     * Header of a publish request ({@code true}: answer only once the event is committed to the durable history,
     * 503 if it cannot be) and of its 200 answer ({@code true}: the event is durable).
     */
    public static final String DURABLE_HEADER = "Eh-Durable";
    /** Management: a topic's history, paged ({@code eventtype}, {@code after}, {@code limit}). */
    public static final String MGMT_EVENTS = "/mgmt/events";
    /** Management: the history's mode and the durable writer's counters. */
    public static final String MGMT_HISTORY = "/mgmt/history";
    /** The Kafka bridge's state and counters. */
    public static final String MGMT_KAFKA = "/mgmt/kafka";
    /** Event metaData key: a random id of the publisher instance that created the event (de-duplication). */
    public static final String ORIGIN_META = "eh-origin";
    /** Event metaData key: the publisher's per-topic counter of the event, from 1; a resend keeps it. */
    public static final String ORIGIN_SEQUENCE_META = "eh-seq";

    public static final String UNSUBSCRIBE_EVENT_TYPE = "event_type";
    public static final String UNSUBSCRIBE_SYSTEM_NAME = "system_name";
    public static final String UNSUBSCRIBE_ADDRESS = "address";
    public static final String UNSUBSCRIBE_PORT = "port";

    /** SSE event name of a {@link GapNotice}; data events carry no name (they are "message" events). */
    public static final String GAP_EVENT_NAME = "gap";

    public static final String ECHO_RESPONSE = "Got it!";

    private EventHandlerApi() {
    }
}
