package io.eventhandler.client.failover;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.EventHandlerClient;
import io.eventhandler.client.WebhookReceiver;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The bulk of FRAME's experiment around the measured streams: many category 2 topics (T = D = 100 ms, L = 0,
 * N = 1, replicated under every configuration), published by one proxy as one batch per period with failover, and
 * delivered by webhook to one receiver. The webhook subscriptions are mirrored, so a backup that takes over delivers
 * the copies it holds at once: without dispatch-replicate coordination that is ten stale copies per topic (its full
 * buffer), which is what Figure 3.9 of the paper shows as the latency peak of FCFS-.
 */
final class BackgroundLoad implements AutoCloseable {

    private static final String NOTIFY_PATH = "/background";
    private static final SystemRequestDTO PROXY = SystemRequestDTO.of("background-proxy", "127.0.0.1", 9200);

    private final List<String> topics = new ArrayList<>();
    private final EventHandlerClient client;
    private final WebhookReceiver receiver;
    private final Thread sender;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    /** (topic, period) of every event seen, to tell a first arrival from a copy delivered again. */
    private final java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final AtomicLong duplicates = new AtomicLong();
    /** First arrivals as {received at (epoch µs), end-to-end latency (µs)}. */
    private final java.util.Queue<long[]> arrivals = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private volatile boolean running = true;

    BackgroundLoad(final ProcessPair pair, final int count) {
        for (int i = 0; i < count; i++) {
            topics.add(String.format(Locale.ROOT, "frame-bg-%04d", i));
        }
        this.client = EventHandlerClient.builder(pair.instances()).failoverBudget(Duration.ofSeconds(20)).build();
        this.receiver = WebhookReceiver.start("127.0.0.1", 0, NOTIFY_PATH, event -> {
            received.incrementAndGet();
            if (seen.add(event.event().eventType() + "/" + event.event().payload())) {
                arrivals.add(new long[] {event.receivedEpochMicros(), event.latencyMicros()});
            } else {
                duplicates.incrementAndGet();
            }
        });
        for (final String topic : topics) {
            final HttpResponse<String> put = pair.get(0).send("PUT", "/eventhandler/mgmt/qos/topics/" + topic,
                    PaperCategory.CAT2.qosJson(0));
            if (put.statusCode() != 200) {
                throw new AssertionError("QoS of " + topic + " refused: " + put.body());
            }
            client.subscribe(new SubscriptionRequestDTO(topic, SystemRequestDTO.of("background-subscriber",
                    "127.0.0.1", receiver.port()), null, NOTIFY_PATH, false, null, null, null, null));
        }
        this.sender = new Thread(this::publishEveryPeriod, "background-proxy");
        this.sender.setDaemon(true);
    }

    /** The last topic, whose subscription at the backup means every one of them is mirrored. */
    String lastTopic() {
        return topics.get(topics.size() - 1).toUpperCase(Locale.ROOT);
    }

    void start() {
        sender.start();
    }

    private void publishEveryPeriod() {
        final long period = Duration.ofMillis(PaperCategory.CAT2.periodMs).toNanos();
        long next = System.nanoTime();
        long periodNumber = 0;
        while (running) {
            final String now = Instant.now().toString();
            final String payload = Long.toString(++periodNumber);
            final List<EventPublishRequestDTO> batch = new ArrayList<>(topics.size());
            for (final String topic : topics) {
                batch.add(new EventPublishRequestDTO(topic, PROXY, null, payload, now));
            }
            try {
                client.publishBatch(batch);
                published.addAndGet(batch.size());
            } catch (final RuntimeException e) {
                // the failover budget ran out: the trial's own streams report what that cost
            }
            next += period;
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    long published() {
        return published.get();
    }

    long received() {
        return received.get();
    }

    /** Events delivered again (a recovered copy of an event that had already arrived). */
    long duplicates() {
        return duplicates.get();
    }

    /**
     * The highest end-to-end latency of the events that first arrived from 1 s before {@code killEpochMicros} to
     * 2 s after: how long new events waited behind the take-over's recovered copies.
     */
    double peakAroundKillMs(final long killEpochMicros) {
        long peak = 0;
        for (final long[] arrival : arrivals) {
            if (arrival[0] >= killEpochMicros - 1_000_000 && arrival[0] <= killEpochMicros + 2_000_000) {
                peak = Math.max(peak, arrival[1]);
            }
        }
        return peak / 1000.0;
    }

    @Override
    public void close() {
        running = false;
        try {
            sender.join(5_000);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        receiver.close();
        client.close();
    }
}
