package io.eventhandler.server.sse;

import org.glassfish.grizzly.Connection;

/**
 * What opening an SSE stream reads of its request. The same checks then run on a request the HTTP server parsed
 * ({@link SseHandler}) and on one the stream takes over below it ({@link SseTakeoverFilter}).
 */
interface StreamRequest {

    /** A query parameter, decoded; null if absent. */
    String parameter(String name);

    /** A request header; null if absent. */
    String header(String name);

    /** The connection, for the client certificate in secure mode. */
    Connection<?> connection();

    /** The request URL, as Arrowhead's 401 messages name it. */
    String target();

    /** {@code address:port} of the client, for logs. */
    String client();
}
