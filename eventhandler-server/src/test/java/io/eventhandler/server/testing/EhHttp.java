package io.eventhandler.server.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import javax.net.ssl.SSLContext;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Event Handler's HTTP API from a test's point of view (JDK {@link HttpClient}, HTTP/1.1), the JSON mapper, and
 * a few shared conveniences: unique topic names, waiting.
 */
public final class EhHttp {

    public static final ObjectMapper JSON = JsonMapper.create();
    /** The publishing system used unless a test needs another. */
    public static final SystemRequestDTO PUBLISHER = SystemRequestDTO.of("test-publisher", "127.0.0.1", 9001);
    public static final String PUBLISH_PATH = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;
    public static final String SUBSCRIBE_PATH = EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE;
    public static final String UNSUBSCRIBE_PATH = EventHandlerApi.BASE_PATH + EventHandlerApi.UNSUBSCRIBE;
    public static final String ECHO_PATH = EventHandlerApi.BASE_PATH + EventHandlerApi.ECHO;

    private static final AtomicInteger TOPICS = new AtomicInteger();

    private final Supplier<URI> base;
    private final HttpClient client;

    public EhHttp(final URI base) {
        this(() -> base);
    }

    /** A client of a server whose address is known only once it runs (see {@link RunningServer}). */
    public EhHttp(final Supplier<URI> base) {
        this(base, null);
    }

    /** Over TLS with this context (a system's certificate, see {@link TestCloud}); null for plain HTTP. */
    public EhHttp(final Supplier<URI> base, final SSLContext tls) {
        this.base = base;
        final HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            builder.sslContext(tls);
        }
        this.client = builder.build();
    }

    /** The same server's API as another caller (another certificate). */
    public EhHttp as(final SSLContext tls) {
        return new EhHttp(base, tls);
    }

    /** Where the server listens. */
    public URI baseUri() {
        return base.get();
    }

    /** An event type no other test uses, so tests can share a server. */
    public static String uniqueTopic(final String prefix) {
        return prefix + "-" + TOPICS.incrementAndGet();
    }

    /**
     * Awaitility with the suite's limit, which only catches a hang: a wait ends as soon as its condition holds. On a
     * 2-core machine at a load average of 12 one test took over 10 s for what takes under 1 s on a quiet one.
     */
    public static ConditionFactory eventually() {
        return Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                .pollDelay(Duration.ZERO);
    }

    public static <T> T read(final String json, final Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String json(final Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An event of {@link #PUBLISHER} without metadata, stamped by the Event Handler. */
    public static EventPublishRequestDTO event(final String eventType, final String payload) {
        return new EventPublishRequestDTO(eventType, PUBLISHER, null, payload, null);
    }

    /** A plain webhook subscription: no filter, no dates, no sources. */
    public static SubscriptionRequestDTO subscription(final String eventType, final SystemRequestDTO subscriber,
                                                      final String notifyUri) {
        return new SubscriptionRequestDTO(eventType, subscriber, null, notifyUri, false, null, null, null);
    }

    public HttpResponse<String> publish(final Object request) {
        return request("POST", PUBLISH_PATH, "application/json", json(request));
    }

    /** Publish and assert the Event Handler's answer: 200 with an empty body. */
    public void publishOk(final Object request) {
        assertOkEmpty(publish(request));
    }

    public void publishOk(final String eventType, final String payload) {
        publishOk(event(eventType, payload));
    }

    public HttpResponse<String> subscribe(final Object request) {
        return request("POST", SUBSCRIBE_PATH, "application/json", json(request));
    }

    public void subscribeOk(final Object request) {
        assertOkEmpty(subscribe(request));
    }

    /** {@code DELETE /eventhandler/unsubscribe}; null parameters are left out. */
    public HttpResponse<String> unsubscribe(final String eventType, final String systemName, final String address,
                                            final String port) {
        final StringJoiner query = new StringJoiner("&", "?", "");
        query.setEmptyValue("");
        addParam(query, EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE, eventType);
        addParam(query, EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME, systemName);
        addParam(query, EventHandlerApi.UNSUBSCRIBE_ADDRESS, address);
        addParam(query, EventHandlerApi.UNSUBSCRIBE_PORT, port);
        return request("DELETE", UNSUBSCRIBE_PATH + query, null, null);
    }

    private static void addParam(final StringJoiner query, final String name, final String value) {
        if (value != null) {
            query.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    public HttpResponse<String> get(final String path) {
        return request("GET", path, null, null);
    }

    /** Any request; a null body sends none, a null content type sends no Content-Type header. */
    public HttpResponse<String> request(final String method, final String path, final String contentType,
                                        final String body) {
        return request(method, path, contentType, body, new String[0]);
    }

    /** As {@link #request(String, String, String, String)}, with more headers given as name, value, name, value… */
    public HttpResponse<String> request(final String method, final String path, final String contentType,
                                        final String body, final String... headers) {
        final HttpRequest.Builder builder = HttpRequest.newBuilder(base.get().resolve(path))
                .timeout(Duration.ofSeconds(30)) // a hang, not slowness (see eventually())
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        try {
            return client.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Stats statistics() {
        final HttpResponse<String> response = get(EventHandlerApi.BASE_PATH + EventHandlerApi.STATISTICS);
        assertEquals(200, response.statusCode(), response::body);
        return read(response.body(), Stats.class);
    }

    /** The ErrorMessageDTO of an error answer, after checking it is declared as JSON. */
    public static ErrorMessageDTO error(final HttpResponse<String> response) {
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("")
                .split(";")[0].trim().toLowerCase(Locale.ROOT), () -> "content type of " + response.body());
        return read(response.body(), ErrorMessageDTO.class);
    }

    public static void assertOkEmpty(final HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response::body);
        assertEquals("", response.body());
    }

    /** The service still answers echo and accepts a valid publish. */
    public void assertStillServing() {
        final HttpResponse<String> echo = get(ECHO_PATH);
        assertEquals(200, echo.statusCode());
        assertEquals(EventHandlerApi.ECHO_RESPONSE, echo.body());
        publishOk(uniqueTopic("still-serving"), "ok");
    }

    /** The JSON of {@code GET /eventhandler/mgmt/statistics}, read independently of the server's own types. */
    public record Stats(long accepted, long deliveriesQueued, long deliveriesDropped, List<Topic> topics,
                        List<Subscriber> subscribers, Map<String, Long> disconnects) {

        public record Topic(String topic, long lastSequence, long accepted, int subscribers, long deliveriesQueued,
                            long deliveriesDropped, int historySize, long oldestInHistory) {
        }

        public record Subscriber(long id, String topic, String subscriber, int pending, long queued, long delivered,
                                 long dropped, long failed) {
        }

        /** The subscribers attached to this event type (matched case-insensitively, as topics are). */
        public List<Subscriber> subscribersOf(final String eventType) {
            final String topic = eventType.trim().toUpperCase(Locale.ROOT);
            return subscribers.stream().filter(s -> s.topic().equals(topic)).toList();
        }

        public Topic topic(final String eventType) {
            final String topic = eventType.trim().toUpperCase(Locale.ROOT);
            return topics.stream().filter(t -> t.topic().equals(topic)).findFirst()
                    .orElseThrow(() -> new AssertionError("no topic " + topic + " in " + topics));
        }
    }
}
