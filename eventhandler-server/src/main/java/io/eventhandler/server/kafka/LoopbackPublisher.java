package io.eventhandler.server.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.security.OutgoingTls;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Publishes an imported event the way any publisher does, to this Event Handler's own publish endpoint: the same
 * validation, access check, rate limits, topic limit and fence as every other publish, and 200 only once accepted.
 */
final class LoopbackPublisher {

    /** What became of one publish. */
    enum Outcome {
        /** Answered 200: accepted. */
        ACCEPTED,
        /** Refused for what it is (4xx other than 429): publishing it again would be refused again. */
        REFUSED,
        /** Not accepted now (429, 503, no answer): to be tried again. */
        LATER
    }

    private final HttpClient client;
    private final Supplier<URI> base;
    private final ObjectMapper mapper;
    private volatile String lastRefusal = "";

    LoopbackPublisher(final Supplier<URI> base, final OutgoingTls tls, final ObjectMapper mapper) {
        final HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2));
        if (tls.secure()) {
            builder.sslContext(tls.sslContext());
        }
        this.client = builder.build();
        this.base = base;
        this.mapper = mapper;
    }

    Outcome publish(final String eventType, final String source, final String payload,
                    final Map<String, String> metaData) throws InterruptedException {
        final URI self = base.get();
        final ObjectNode body = mapper.createObjectNode();
        body.put("eventType", eventType);
        body.putObject("source").put("systemName", source).put("address", self.getHost()).put("port",
                self.getPort());
        metaData.forEach(body.putObject("metaData")::put);
        body.put("payload", payload);
        final HttpRequest request = HttpRequest.newBuilder(self.resolve(EventHandlerApi.BASE_PATH
                        + EventHandlerApi.PUBLISH)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        try {
            final HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            final int status = response.statusCode();
            if (status == 200) {
                return Outcome.ACCEPTED;
            }
            lastRefusal = status + " " + response.body();
            return status >= 400 && status < 500 && status != 429 ? Outcome.REFUSED : Outcome.LATER;
        } catch (final IOException e) {
            lastRefusal = e.toString();
            return Outcome.LATER;
        }
    }

    String lastRefusal() {
        return lastRefusal;
    }
}
