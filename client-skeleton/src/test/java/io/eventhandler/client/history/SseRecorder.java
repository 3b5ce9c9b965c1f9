package io.eventhandler.client.history;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * A plain SSE stream read line by line: the data of every event by its {@code id}, and the names of other events
 * (gap notices). Enough for the kill test; the client's own subscriber de-duplicates, which would hide what the
 * server sends.
 */
final class SseRecorder implements AutoCloseable {

    private final Map<Long, String> dataById = new LinkedHashMap<>();
    private final Map<String, Integer> named = new LinkedHashMap<>();
    private final CompletableFuture<HttpResponse<Stream<String>>> response;
    private volatile int status;
    private volatile boolean ended;

    private SseRecorder(final HttpClient client, final URI uri, final long lastEventId) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream");
        if (lastEventId >= 0) {
            request.header("Last-Event-ID", Long.toString(lastEventId));
        }
        this.response = client.sendAsync(request.GET().build(), HttpResponse.BodyHandlers.ofLines());
        response.thenAcceptAsync(r -> {
            status = r.statusCode();
            read(r.body());
            ended = true; // the server ended the stream (a broken one throws instead)
        });
    }

    /** Subscribe, resuming after {@code lastEventId} (-1: live only, no {@code Last-Event-ID}). */
    static SseRecorder open(final HttpClient client, final URI base, final String eventType, final long lastEventId) {
        return new SseRecorder(client, base.resolve("/eventhandler/subscription?eventtype=" + eventType),
                lastEventId);
    }

    private void read(final Stream<String> lines) {
        final String[] id = {null};
        final String[] event = {null};
        final StringBuilder data = new StringBuilder();
        lines.forEach(line -> {
            if (line.isEmpty()) {
                synchronized (this) {
                    if (event[0] != null) {
                        named.merge(event[0], 1, Integer::sum);
                    } else if (id[0] != null) {
                        dataById.put(Long.parseLong(id[0].substring(id[0].lastIndexOf('-') + 1)), data.toString());
                    }
                }
                id[0] = null;
                event[0] = null;
                data.setLength(0);
            } else if (line.startsWith("id:")) {
                id[0] = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                event[0] = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        });
    }

    /** Whether the server ended the stream cleanly (the last chunk came; no reset). */
    boolean ended() {
        return ended;
    }

    int status() {
        return status;
    }

    /** The data (the EventDTO JSON) of every event received, by id. */
    synchronized Map<Long, String> events() {
        return new LinkedHashMap<>(dataById);
    }

    /** How many events of each name (other than data events) were received. */
    synchronized Map<String, Integer> namedEvents() {
        return new LinkedHashMap<>(named);
    }

    @Override
    public void close() {
        response.thenAccept(r -> r.body().close());
        response.cancel(true);
    }
}
