package io.eventhandler.benchmarks.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventHandlerApi;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The totals of {@code GET /eventhandler/mgmt/statistics}. The answer lists every attached subscriber (a few MB at
 * 10,000), so it is read between phases only, never while one is measured.
 *
 * @param accepted          events accepted
 * @param deliveriesQueued  events queued to subscribers
 * @param deliveriesDropped events dropped because a subscriber's queue was full
 * @param subscribers       subscribers attached
 * @param disconnects       subscribers detached so far, by reason
 */
record ServerCounters(long accepted, long deliveriesQueued, long deliveriesDropped, int subscribers,
                      Map<String, Long> disconnects) {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    static ServerCounters read(final URI baseUri) {
        try {
            final HttpResponse<byte[]> answer = HTTP.send(HttpRequest.newBuilder(
                    baseUri.resolve(EventHandlerApi.BASE_PATH + EventHandlerApi.STATISTICS))
                    .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("statistics answered HTTP " + answer.statusCode());
            }
            return of(MAPPER.readTree(answer.body()));
        } catch (final IOException e) {
            throw new IllegalStateException("statistics could not be read: " + e.getMessage(), e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static ServerCounters of(final JsonNode statistics) {
        final Map<String, Long> disconnects = new TreeMap<>();
        final JsonNode byReason = statistics.path("disconnects");
        for (final Iterator<Map.Entry<String, JsonNode>> it = byReason.fields(); it.hasNext(); ) {
            final Map.Entry<String, JsonNode> e = it.next();
            disconnects.put(e.getKey(), e.getValue().asLong());
        }
        return new ServerCounters(statistics.path("accepted").asLong(), statistics.path("deliveriesQueued").asLong(),
                statistics.path("deliveriesDropped").asLong(), statistics.path("subscribers").size(), disconnects);
    }

    /** What happened between {@code before} and this. */
    ServerCounters minus(final ServerCounters before) {
        final Map<String, Long> d = new TreeMap<>(disconnects);
        before.disconnects.forEach((k, v) -> d.merge(k, -v, Long::sum));
        d.values().removeIf(v -> v == 0);
        return new ServerCounters(accepted - before.accepted, deliveriesQueued - before.deliveriesQueued,
                deliveriesDropped - before.deliveriesDropped, subscribers, d);
    }
}
