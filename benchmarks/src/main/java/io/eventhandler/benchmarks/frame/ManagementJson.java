package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A {@code GET} of one of the Event Handler's management documents (plain HTTP, as the experiment runs it). */
final class ManagementJson {

    private static final ObjectMapper MAPPER = JsonMapper.create();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private ManagementJson() {
    }

    /**
     * The document at {@code path} of the Event Handler at {@code baseUri}.
     *
     * @throws IOException when it does not answer 200 with JSON
     */
    static JsonNode get(final URI baseUri, final String path, final Duration timeout)
            throws IOException, InterruptedException {
        final HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(baseUri.resolve(path))
                .timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode());
        }
        return MAPPER.readTree(response.body());
    }
}
