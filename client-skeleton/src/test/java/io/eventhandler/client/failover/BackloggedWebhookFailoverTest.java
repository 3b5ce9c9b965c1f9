package io.eventhandler.client.failover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.EventPublisher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failover with a webhook subscriber that has a backlog: a zero-loss topic published at 50 events/s to a receiver
 * that takes 20 ms per request (so its backlog grows), the primary killed with SIGKILL. Every acknowledged event
 * must reach the receiver, or be counted and announced by the new primary; an event that arrives twice must carry
 * the same {@code X-Event-Sequence} both times (the publisher's resend of an event the backup held is not numbered
 * anew). The second test shows that a buffer too small for the backlog counts and announces what it gives up. About
 * 20 s each, so they run with the long tests.
 */
@Tag("long")
class BackloggedWebhookFailoverTest {

    private static final Logger LOG = LoggerFactory.getLogger(BackloggedWebhookFailoverTest.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "backlogged-zero-loss";
    private static final Duration PERIOD = Duration.ofMillis(20);
    private static final long HANDLER_MILLIS = 20;
    private static final Duration BEFORE_KILL = Duration.ofSeconds(4);
    private static final Duration AFTER_KILL = Duration.ofSeconds(2);

    /** Per publisher number (eh-seq): every X-Event-Sequence it arrived with, and how often it arrived. */
    private final Map<Integer, Set<Long>> numbers = new TreeMap<>();
    private final Map<Integer, Integer> arrivals = new TreeMap<>();
    private final AtomicInteger published = new AtomicInteger();

    @Test
    void everyAcknowledgedEventReachesTheBackloggedWebhookSubscriberUnderItsOneNumber(@TempDir final Path dir)
            throws Exception {
        final Trial trial = run(dir, Map.of());
        assertEquals(Set.of(), trial.missing(), "acknowledged events that never arrived");
        assertEquals(0, trial.givenUp());
        trial.assertOneNumberPerEvent();
    }

    @Test
    void aBackupBufferTooSmallForTheBacklogCountsAndAnnouncesWhatItGivesUp(@TempDir final Path dir)
            throws Exception {
        final Trial trial = run(dir, Map.of("eh.replication.buffer.per.topic", "10"));
        assertTrue(trial.givenUp() > 0, "a backlog beyond 10 copies was given up: " + trial.takeOver());
        assertTrue(trial.missing().size() <= trial.givenUp(), () -> "lost " + trial.missing().size()
                + " acknowledged events, " + trial.givenUp() + " counted as given up: " + trial.missing());
        assertTrue(trial.newPrimaryLog().contains("GAP_FAILOVER"), "the webhook subscriber's gap was logged");
        trial.assertOneNumberPerEvent();
    }

    /** What one trial saw. */
    private record Trial(Set<Integer> missing, long givenUp, JsonNode takeOver, String newPrimaryLog,
                         Map<Integer, Set<Long>> numbers) {
        void assertOneNumberPerEvent() {
            numbers.forEach((n, sequences) -> assertEquals(1, sequences.size(),
                    () -> "event " + n + " arrived under two numbers: " + sequences));
        }
    }

    private Trial run(final Path dir, final Map<String, String> settings) throws Exception {
        final ExecutorService handlerThread = Executors.newSingleThreadExecutor();
        final HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        receiver.createContext("/notify", this::receive);
        receiver.setExecutor(handlerThread);
        receiver.start();
        try (ProcessPair pair = new ProcessPair(dir, settings);
             EventHandlerClient client = EventHandlerClient.builder(pair.instances())
                     .failoverBudget(Duration.ofSeconds(20)).build();
             EventPublisher publisher = EventPublisher.builder(client,
                     SystemRequestDTO.of("backlogged-publisher", "127.0.0.1", 9100)).build()) {
            pair.start(0);
            pair.start(1);
            await("A primary with B as backup").atMost(FailoverTrial.WAIT).until(() -> pair.primaryWithBackup(0));
            final HttpResponse<String> qos = pair.get(0).send("PUT", "/eventhandler/mgmt/qos/topics/" + TOPIC,
                    "{\"periodMs\":20,\"deadlineMs\":100,\"lossTolerance\":0,\"retention\":5,"
                            + "\"destination\":\"EDGE\"}");
            assertEquals(200, qos.statusCode(), qos::body);
            client.subscribe(new SubscriptionRequestDTO(TOPIC, SystemRequestDTO.of("slow-subscriber", "127.0.0.1",
                    receiver.getAddress().getPort()), null, "/notify", false, null, null, null, null));
            await("subscription and QoS mirrored to B").atMost(FailoverTrial.WAIT).until(() ->
                    pair.get(1).get("/eventhandler/mgmt/subscriptions").body().contains("slow-subscriber")
                            && pair.get(1).get("/eventhandler/mgmt/qos").body().contains(TOPIC.toUpperCase(
                            java.util.Locale.ROOT)));

            final Thread sender = new Thread(() -> publishEveryPeriod(publisher), "backlogged-publisher");
            sender.start();
            FailoverTrial.stream(BEFORE_KILL);
            final int acknowledgedBeforeKill = published.get();
            final int receivedBeforeKill = received();
            FailoverTrial.kill(pair, 0);
            final JsonNode takeOver = FailoverTrial.awaitTakeOver(pair, 1);
            FailoverTrial.stream(AFTER_KILL);
            running = false;
            sender.join(30_000);
            final int total = published.get();
            try {
                await("the backlog delivered").atMost(Duration.ofSeconds(30)).until(() -> received() >= total);
            } catch (final RuntimeException e) {
                // the caller's assertions say what is missing
            }
            final JsonNode after = pair.replication(1);
            synchronized (this) {
                LOG.info("acknowledged {} ({} before the kill, the receiver then had {}), received {} ({} again under "
                        + "the same number), after the take-over {}", total, acknowledgedBeforeKill,
                        receivedBeforeKill, numbers.size(), arrivals.values().stream().mapToInt(a -> a - 1).sum(),
                        after);
                assertTrue(acknowledgedBeforeKill - receivedBeforeKill > 10, "the subscriber had a backlog of "
                        + (acknowledgedBeforeKill - receivedBeforeKill) + " at the kill: the trial shows nothing");
                final Set<Integer> missing = new TreeSet<>();
                for (int n = 1; n <= total; n++) {
                    if (!numbers.containsKey(n)) {
                        missing.add(n);
                    }
                }
                return new Trial(missing, after.get("buffer").path("givenUp").asLong(0), takeOver,
                        pair.get(1).log(), Map.copyOf(numbers));
            }
        } finally {
            running = false;
            receiver.stop(0);
            handlerThread.shutdownNow();
        }
    }

    private volatile boolean running = true;

    private void publishEveryPeriod(final EventPublisher publisher) {
        long next = System.nanoTime();
        while (running) {
            final int n = published.get() + 1;
            publisher.publish(TOPIC, Integer.toString(n));
            published.set(n);
            next += PERIOD.toNanos();
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    private synchronized int received() {
        return numbers.size();
    }

    /** The subscriber: 20 ms of work per event, one request at a time. */
    private void receive(final HttpExchange exchange) throws IOException {
        try (InputStream body = exchange.getRequestBody()) {
            final JsonNode event = JSON.readTree(body);
            final int n = Integer.parseInt(event.get("metaData").get(EventHandlerApi.ORIGIN_SEQUENCE_META).asText());
            final long sequence = Long.parseLong(exchange.getRequestHeaders()
                    .getFirst(EventHandlerApi.SEQUENCE_HEADER));
            LockSupport.parkNanos(Duration.ofMillis(HANDLER_MILLIS).toNanos());
            synchronized (this) {
                numbers.computeIfAbsent(n, k -> new TreeSet<>()).add(sequence);
                arrivals.merge(n, 1, Integer::sum);
            }
        }
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
    }
}
