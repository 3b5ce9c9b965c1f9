package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Counters read from the server's Prometheus endpoint ({@code /eventhandler/metrics}). */
final class ServerMetrics {

    private static final String MERGED = "eh_delivery_dispatches_merged_total";

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI metrics;

    ServerMetrics(final URI server) {
        this.metrics = server.resolve("/eventhandler/metrics");
    }

    /** Dispatches fanned out with the one before them (smart batching); -1 when the counter cannot be read. */
    long mergedDispatches() {
        try {
            final HttpResponse<String> response = client.send(HttpRequest.newBuilder(metrics)
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? counter(response.body(), MERGED) : -1;
        } catch (final IOException e) {
            return -1;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The value of an unlabelled counter in a Prometheus text exposition, or -1. */
    static long counter(final String exposition, final String name) {
        for (final String line : exposition.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                final String value = line.substring(line.lastIndexOf(' ') + 1).trim();
                return (long) Double.parseDouble(value);
            }
        }
        return -1;
    }
}
