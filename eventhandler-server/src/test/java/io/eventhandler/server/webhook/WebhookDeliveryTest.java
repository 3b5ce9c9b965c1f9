package io.eventhandler.server.webhook;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver.Answer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver.Received;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.PUBLISHER;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.subscription;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Webhook delivery as an Arrowhead subscriber sees it: every event POSTed in order as an {@code EventDTO} with its
 * sequence number, over persistent connections, retried with back-off a bounded number of times, given up on and
 * counted when the subscriber never recovers, and a stalled subscriber holding up nobody but itself.
 */
class WebhookDeliveryTest {

    private static final int MAX_RETRIES = 3;
    private static final long BACKOFF_MS = 30;
    private static final int QUEUE_CAPACITY = 16;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            WebhookConfiguration.MAX_RETRIES.key(), Integer.toString(MAX_RETRIES),
            WebhookConfiguration.RETRY_BACKOFF_MS.key(), Long.toString(BACKOFF_MS),
            DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), Integer.toString(QUEUE_CAPACITY),
            WebhookConfiguration.CONNECT_TIMEOUT_MS.key(), "1000",
            WebhookConfiguration.RESPONSE_TIMEOUT_MS.key(), "5000"));
    private static final EhHttp http = server.http();

    private static List<Long> oneTo(final long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    private static List<String> payloads(final String prefix, final int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + i).toList();
    }

    /** The statistics of the one subscriber of this topic whose system has this name. */
    private static EhHttp.Stats.Subscriber subscriberStats(final String eventType, final String systemName) {
        final String key = "webhook " + systemName.toLowerCase(Locale.ROOT) + "@";
        return http.statistics().subscribersOf(eventType).stream().filter(s -> s.subscriber().startsWith(key))
                .findFirst().orElseThrow(() -> new AssertionError("no subscriber " + key + " of " + eventType));
    }

    @Test
    void oneSubscriberGetsEveryEventInOrderAsTheEventDtoWithSequenceOneToN() {
        final String topic = uniqueTopic("temp.reading");
        final String published = "Temp.Reading" + topic.substring("temp.reading".length());
        final int n = 12;
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, receiver.system("thermo-consumer"), "/notify/temperature"));
            final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
            final List<EventPublishRequestDTO> sent = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                final EventPublishRequestDTO event = new EventPublishRequestDTO(published, PUBLISHER,
                        Map.of("unit", "celsius", "index", Integer.toString(i)), "{\"value\":" + i + "}",
                        base.plusMillis(i).toString());
                sent.add(event);
                http.publishOk(event);
            }
            eventually().until(() -> receiver.requests().size() >= n);
            final List<Received> requests = receiver.requests();
            assertEquals(n, requests.size(), "one request per event, none repeated");
            assertEquals(oneTo(n), requests.stream().map(Received::sequence).toList());
            for (int i = 0; i < n; i++) {
                final Received request = requests.get(i);
                final EventPublishRequestDTO event = sent.get(i);
                assertEquals("POST", request.method());
                assertEquals("/notify/temperature", request.path());
                assertEquals("127.0.0.1:" + receiver.port(), request.headers().get("host"));
                assertTrue(request.headers().get("content-type").startsWith("application/json"),
                        request.headers()::toString);
                assertEquals(new EventDTO(published, event.metaData(), event.payload(), event.timeStamp()),
                        request.event(), "the EventDTO keeps the event type as published, not upper-cased");
            }
            eventually().until(() -> subscriberStats(topic, "thermo-consumer").delivered() == n);
            final EhHttp.Stats.Subscriber stats = subscriberStats(topic, "thermo-consumer");
            assertEquals(n, stats.queued());
            assertEquals(0, stats.failed());
            assertEquals(0, stats.dropped());
        }
    }

    @Test
    void aNotifyUriWithoutLeadingSlashIsPostedUnderTheRootPath() {
        final String topic = uniqueTopic("slashless");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, receiver.system("slashless"), "notify/plain"));
            http.publishOk(topic, "x");
            eventually().until(() -> receiver.requests().size() == 1);
            assertEquals("/notify/plain", receiver.requests().get(0).path());
        }
    }

    @Test
    void severalSubscribersEachGetEveryEventInOrder() {
        final String topic = uniqueTopic("fanout");
        final int n = 15;
        final List<ScriptedWebhookReceiver> receivers = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                final ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
                receivers.add(receiver);
                http.subscribeOk(subscription(topic, receiver.system("fan-" + i), "/notify/fan/" + i));
            }
            assertEquals(3, http.statistics().subscribersOf(topic).size());
            for (int i = 1; i <= n; i++) {
                http.publishOk(topic, "p" + i);
            }
            for (int i = 0; i < receivers.size(); i++) {
                final ScriptedWebhookReceiver receiver = receivers.get(i);
                eventually().until(() -> receiver.requests().size() >= n);
                assertEquals(oneTo(n), receiver.sequences());
                assertEquals(payloads("p", n), receiver.payloads());
                final String path = "/notify/fan/" + i;
                assertTrue(receiver.requests().stream().allMatch(r -> r.path().equals(path)));
            }
            eventually().until(() -> http.statistics().subscribersOf(topic).stream()
                    .allMatch(s -> s.delivered() == n));
            assertEquals(3L * n, http.statistics().topic(topic).deliveriesQueued());
        } finally {
            receivers.forEach(ScriptedWebhookReceiver::close);
        }
    }

    /**
     * Persistent connections: far fewer connections than requests. Not exactly one: HttpClient hands the response to
     * the sink before it returns the connection to its pool (InternalAbstractHttpAsyncClient releases the endpoint
     * after the response callback), so the next POST of a batch may take the route's second connection (2 per
     * route), and a full test run has seen one more connection replace a closed one.
     */
    @Test
    void deliveriesReusePersistentConnections() {
        final String topic = uniqueTopic("keepalive");
        final int n = 2 * QUEUE_CAPACITY;
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, receiver.system("keepalive"), "/notify"));
            // two waves, each within the subscriber's queue: the second finds the first's connections idle
            for (int wave = 0; wave < 2; wave++) {
                for (int i = wave * QUEUE_CAPACITY + 1; i <= (wave + 1) * QUEUE_CAPACITY; i++) {
                    http.publishOk(topic, "k" + i);
                }
                final int sent = (wave + 1) * QUEUE_CAPACITY;
                eventually().until(() -> receiver.requests().size() >= sent);
            }
            assertEquals(oneTo(n), receiver.sequences());
            assertTrue(receiver.connections() <= 4,
                    () -> n + " requests came on " + receiver.connections() + " connections (client ports "
                            + receiver.requests().stream().map(Received::clientPort).toList() + ")");
        }
    }

    @Test
    void aSubscriberAnswering500AFewTimesGetsTheEventAfterRetriesWithBackoffAndNothingIsLost() {
        final String topic = uniqueTopic("flaky");
        final int n = 5;
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            receiver.script(Answer.FAIL, Answer.FAIL);
            http.subscribeOk(subscription(topic, receiver.system("flaky"), "/notify"));
            for (int i = 1; i <= n; i++) {
                http.publishOk(topic, "f" + i);
            }
            eventually().until(() -> receiver.accepted().size() >= n);
            final List<Received> requests = receiver.requests();
            assertEquals(List.of(1L, 1L, 1L, 2L, 3L, 4L, 5L), requests.stream().map(Received::sequence).toList(),
                    "the first event is retried until accepted, the others wait behind it");
            assertEquals(payloads("f", n), receiver.payloads());
            assertEquals(oneTo(n), receiver.sequences());
            assertTrue(requests.subList(0, 3).stream().allMatch(r -> r.body().equals(requests.get(2).body())),
                    "a retry sends the same body");
            final long firstWait = requests.get(1).arrivalNanos() - requests.get(0).arrivalNanos();
            final long secondWait = requests.get(2).arrivalNanos() - requests.get(1).arrivalNanos();
            assertTrue(firstWait >= Duration.ofMillis(BACKOFF_MS).toNanos(), () -> "first retry after " + firstWait);
            assertTrue(secondWait >= Duration.ofMillis(2 * BACKOFF_MS).toNanos(),
                    () -> "second retry after " + secondWait + ": the back-off doubles");
            eventually().until(() -> subscriberStats(topic, "flaky").delivered() == n);
            assertEquals(0, subscriberStats(topic, "flaky").failed());
        }
    }

    @Test
    void aSubscriberThatDropsConnectionsAFewTimesGetsTheEventAfterRetries() {
        final String topic = uniqueTopic("crashy");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            receiver.script(Answer.DROP, Answer.DROP, Answer.DROP);
            http.subscribeOk(subscription(topic, receiver.system("crashy"), "/notify"));
            http.publishOk(topic, "c1");
            http.publishOk(topic, "c2");
            eventually().until(() -> receiver.accepted().size() >= 2);
            assertEquals(List.of(1L, 1L, 1L, 1L, 2L),
                    receiver.requests().stream().map(Received::sequence).toList());
            assertEquals(List.of("c1", "c2"), receiver.payloads());
            eventually().until(() -> subscriberStats(topic, "crashy").delivered() == 2);
            assertEquals(0, subscriberStats(topic, "crashy").failed());
        }
    }

    @Test
    void aSubscriberThatNeverRecoversLosesTheEventAfterTheConfiguredRetriesAndTheLossIsCounted() {
        final String topic = uniqueTopic("broken");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            receiver.otherwise(Answer.FAIL);
            http.subscribeOk(subscription(topic, receiver.system("broken"), "/notify"));
            http.publishOk(topic, "lost-1");
            http.publishOk(topic, "lost-2");
            eventually().until(() -> subscriberStats(topic, "broken").failed() == 2);
            final int attempts = MAX_RETRIES + 1;
            final List<Long> expected = new ArrayList<>();
            LongStream.rangeClosed(1, attempts).forEach(i -> expected.add(1L));
            LongStream.rangeClosed(1, attempts).forEach(i -> expected.add(2L));
            assertEquals(expected, receiver.requests().stream().map(Received::sequence).toList(),
                    "each event is tried once and retried " + MAX_RETRIES + " times");
            final EhHttp.Stats.Subscriber stats = subscriberStats(topic, "broken");
            assertEquals(0, stats.delivered());
            assertEquals(2, stats.queued());

            // It recovers: later events arrive, the events given up on are not sent again.
            receiver.otherwise(Answer.OK);
            http.publishOk(topic, "after-recovery");
            eventually().until(() -> receiver.accepted().size() == 1);
            assertEquals(List.of(3L), receiver.sequences());
            assertEquals(List.of("after-recovery"), receiver.payloads());
            assertEquals(2 * attempts + 1, receiver.requests().size());
            eventually().until(() -> subscriberStats(topic, "broken").delivered() == 1);
            assertEquals(2, subscriberStats(topic, "broken").failed());
        }
    }

    @Test
    void aSubscriberThatIsDownIsGivenUpOnAfterTheRetriesAndTheLossIsCounted() {
        final String topic = uniqueTopic("down");
        final SystemRequestDTO down = SystemRequestDTO.of("down", "127.0.0.1", ScriptedWebhookReceiver.deadPort());
        try (ScriptedWebhookReceiver witness = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, down, "/notify"));
            http.subscribeOk(subscription(topic, witness.system("witness"), "/notify"));
            http.publishOk(topic, "d1");
            http.publishOk(topic, "d2");
            eventually().until(() -> subscriberStats(topic, "down").failed() == 2);
            final EhHttp.Stats.Subscriber stats = subscriberStats(topic, "down");
            assertEquals(0, stats.delivered());
            assertEquals(0, stats.pending());
            assertEquals(List.of("d1", "d2"), witness.payloads(), "a dead subscriber delays nobody else");
        }
    }

    @Test
    void aStalledSubscriberDoesNotDelayAnotherAndItsQueueOverflowIsCounted() {
        final String topic = uniqueTopic("stall");
        final int n = QUEUE_CAPACITY + 10;
        try (ScriptedWebhookReceiver stalled = ScriptedWebhookReceiver.start();
             ScriptedWebhookReceiver healthy = ScriptedWebhookReceiver.start()) {
            stalled.otherwise(Answer.STALL);
            http.subscribeOk(subscription(topic, stalled.system("stalled"), "/notify"));
            http.subscribeOk(subscription(topic, healthy.system("healthy"), "/notify"));
            http.publishOk(topic, "s1");
            eventually().until(() -> stalled.requests().size() == 1 && healthy.requests().size() == 1);
            // The stalled subscriber holds event 1; every further event must still reach the healthy one at once.
            for (int i = 2; i <= n; i++) {
                http.publishOk(topic, "s" + i);
                final int expected = i;
                eventually().until(() -> healthy.requests().size() >= expected);
            }
            assertEquals(oneTo(n), healthy.sequences());
            assertEquals(1, stalled.requests().size(), "the stalled subscriber got nothing after the held request");

            final long overflow = n - 1 - QUEUE_CAPACITY;
            final EhHttp.Stats.Subscriber stats = subscriberStats(topic, "stalled");
            assertEquals(overflow, stats.dropped());
            assertEquals(QUEUE_CAPACITY + 1, stats.queued());
            assertEquals(QUEUE_CAPACITY, stats.pending());
            assertEquals(0, subscriberStats(topic, "healthy").dropped());
            final EhHttp.Stats all = http.statistics();
            assertEquals(overflow, all.topic(topic).deliveriesDropped());
            assertTrue(all.deliveriesDropped() >= overflow, all::toString);

            // Released, it gets what its queue held, then, after the gap its sequence numbers show, new events.
            stalled.release();
            eventually().until(() -> stalled.requests().size() >= QUEUE_CAPACITY + 1);
            assertEquals(oneTo(QUEUE_CAPACITY + 1), stalled.sequences());
            http.publishOk(topic, "after-release");
            eventually().until(() -> stalled.requests().size() >= QUEUE_CAPACITY + 2);
            assertEquals((long) n + 1, stalled.requests().get(QUEUE_CAPACITY + 1).sequence());
            assertEquals("after-release", stalled.requests().get(QUEUE_CAPACITY + 1).event().payload());
        }
    }
}
