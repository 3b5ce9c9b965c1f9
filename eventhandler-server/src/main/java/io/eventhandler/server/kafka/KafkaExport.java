package io.eventhandler.server.kafka;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.replication.ResendStamp;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.core.topic.TopicSnapshot;
import io.eventhandler.server.runtime.IdleScheduling;
import io.eventhandler.server.runtime.Loop;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The export loop ({@code eh-kafka-export}): finds the topics to export, reads back from Kafka where each one stands,
 * attaches it to the broker as a subscriber resuming after that number (the history gives what Kafka lacks), and
 * sends the batches its outboxes hand over. Nothing here runs on a publishing or delivering thread: a sink only queues
 * its batch (one at a time per topic), so a slow or absent Kafka fills the topic's bounded outbox, whose overflow is
 * replayed from the history once Kafka is back.
 */
final class KafkaExport implements Loop {

    static final String SUBSCRIBER_KEY = "kafka-export";
    private static final Logger LOG = LoggerFactory.getLogger(KafkaExport.class);
    private static final long SCAN_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** The longest an idle round waits for a batch before it looks for new topics and due resumes. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Broker broker;
    private final ExportSelection selection;
    private final String prefix;
    private final KafkaClients clients;
    private final Reachability reachability;
    private final BooleanSupplier serving;
    private final ExportedCopies copies;
    private final boolean durable;
    private final Duration timeout;
    private final BatchHandOff queue;
    private final Map<String, ExportedTopic> topics = new ConcurrentHashMap<>();
    /** Each topic's last number as the durable history gave it back at start. */
    private final Map<String, Long> reloaded = new ConcurrentHashMap<>();
    private KafkaProducer<String, byte[]> producer;
    private KafkaConsumer<byte[], byte[]> reader;
    private volatile boolean producerBroken;
    private volatile boolean paused = true;
    private final boolean idlePriority;
    private final TopicLockCalls lockingCalls;
    /** Whether this loop's thread was moved (or tried to be) to SCHED_IDLE. */
    private boolean scheduled;
    private int topicCount = -1;
    private long nextScan;
    private long nextResume;

    /**
     * @param copies the backup's copies of the exported topics, told as Kafka holds each topic's events (null: this
     *               instance has no backup)
     */
    KafkaExport(final Broker broker, final ExportSelection selection, final KafkaBridge.Settings settings,
                final Reachability reachability, final BooleanSupplier serving, final ExportedCopies copies) {
        this.broker = broker;
        this.copies = copies;
        this.selection = selection;
        this.prefix = settings.configuration().exportPrefix();
        this.clients = settings.clients();
        this.reachability = reachability;
        this.serving = serving;
        this.durable = settings.durable();
        this.timeout = Duration.ofMillis(Math.max(1000, settings.configuration().retryMillis()));
        this.queue = new BatchHandOff(settings.configuration().exportLingerMillis());
        this.idlePriority = settings.configuration().exportIdlePriority();
        this.lockingCalls = idlePriority ? TopicLockCalls.onOwnThread() : TopicLockCalls.onCaller();
        broker.topics().forEach(t -> reloaded.put(t.topic(), t.lastSequence()));
    }

    @Override
    public void round() {
        final ExportBatch batch = queue.await(IDLE_NANOS);
        if (!serving.getAsBoolean()) {
            if (batch != null) {
                refuse(batch);
            }
            pause();
            return;
        }
        paused = false;
        if (batch != null) {
            send(batch);
            for (ExportBatch more = queue.poll(); more != null; more = queue.poll()) {
                send(more);
            }
        }
        if (producerBroken) {
            renewProducer();
        }
        scan();
        resumeDue();
    }

    private void send(final ExportBatch batch) {
        if (producer == null) {
            producer = newProducer();
        }
        batch.topic().sending();
        final String epoch = broker.numbering().token();
        final String kafkaTopic = batch.topic().kafkaTopic();
        final long held = batch.topic().exported();
        final Set<ResendStamp> heldStamps = batch.topic().heldStamps();
        final List<Event> events = batch.events();
        for (int i = 0; i < events.size(); i++) {
            final Event event = events.get(i);
            if (event.sequence() <= held) {
                batch.alreadyHeld(event);
                continue;
            }
            if (!heldStamps.isEmpty() && heldStamps.contains(ExportHeaders.stamp(event))) {
                // a publisher's resend, after a take-over or a restart, of an event Kafka holds under its first number
                batch.resendHeld(event);
                continue;
            }
            try {
                producer.send(ExportHeaders.record(kafkaTopic, event, epoch), (metadata, failure) -> {
                    if (failure != null) {
                        producerBroken = true;
                        reachability.failed("Kafka export", failure);
                    }
                    batch.answered(event, metadata, failure);
                });
            } catch (final KafkaException | IllegalStateException e) {
                producerBroken = true;
                reachability.failed("Kafka export", e);
                for (int j = i; j < events.size(); j++) {
                    batch.answered(events.get(j), null, e);
                }
                return;
            }
        }
    }

    /**
     * A producer; with {@code eh.kafka.export.idle.priority} its I/O thread, like this loop's, in the scheduling
     * class that takes only the CPU local delivery leaves ({@link IdleScheduling}): the export's hand-offs wake
     * these threads about a thousand times a second, and woken at normal priority they preempted selectors and
     * delivery workers mid-event.
     */
    private KafkaProducer<String, byte[]> newProducer() {
        final KafkaProducer<String, byte[]> created = clients.producer();
        if (idlePriority) {
            if (!scheduled) {
                scheduled = true;
                if (!IdleScheduling.currentThread()) {
                    LOG.info("Kafka export: its threads stay in the normal scheduling class (no chrt here)");
                }
            }
            // the client's I/O thread, "kafka-producer-network-thread | ...", as the kernel names it
            IdleScheduling.threadsNamed("kafka-producer-");
        }
        return created;
    }

    /** After a failed send, a new producer: the old one's idempotence state is not trusted again. */
    private void renewProducer() {
        producerBroken = false;
        if (producer != null) {
            producer.close(Duration.ZERO);
            producer = null;
        }
    }

    private void refuse(final ExportBatch batch) {
        final IllegalStateException notServing = new IllegalStateException("not serving");
        batch.events().forEach(event -> batch.answered(event, null, notServing));
    }

    /** This instance does not serve (a backup standing by): nothing is exported until it does. */
    private void pause() {
        if (paused) {
            return;
        }
        paused = true;
        for (final ExportedTopic topic : topics.values()) {
            detach(topic);
            topic.detached();
        }
        LOG.info("Kafka export paused: this instance does not serve");
    }

    private void scan() {
        final long now = System.nanoTime();
        final int count = broker.topicCount();
        if (count == topicCount && now < nextScan) {
            return;
        }
        topicCount = count;
        nextScan = now + SCAN_NANOS;
        for (final String name : broker.topicNames()) {
            if (!topics.containsKey(name) && selection.exports(name)) {
                final ExportedTopic topic = new ExportedTopic(name, prefix + name, queue::add,
                        copies == null ? sequence -> { } : sequence -> copies.heldThrough(name, sequence));
                topics.put(name, topic);
                attach(topic, 0, false);
            }
        }
    }

    private void resumeDue() {
        if (System.nanoTime() < nextResume) {
            return;
        }
        for (final ExportedTopic topic : topics.values()) {
            if (!topic.resumeDue()) {
                continue;
            }
            try {
                resume(topic);
                reachability.answered();
            } catch (final KafkaException e) {
                reachability.failed("Kafka export", e);
                closeReader();
                nextResume = System.nanoTime() + timeout.toNanos();
                return;
            }
        }
    }

    private void resume(final ExportedTopic topic) {
        final boolean reattach = topic.reattachDue();
        if (reattach) {
            detach(topic);
            topic.detached();
        }
        if (reader == null) {
            reader = clients.reader();
        }
        if (producer == null) {
            producer = newProducer();
        }
        // the topic's metadata (Kafka creates the topic if it may) before the first record, not during its send
        producer.partitionsFor(topic.kafkaTopic());
        final KafkaTail tail = KafkaTail.read(reader, topic.kafkaTopic(), timeout);
        final Optional<KafkaPosition> position = tail.last();
        topic.held(tail.stamps());
        final long after = Math.min(resumeAfter(topic.topic(), position), topic.floor());
        if (reattach) {
            attach(topic, after, true);
        } else {
            final ExportBatch waited = topic.positioned(after);
            if (waited != null) {
                send(waited);
            }
        }
        LOG.info("Kafka export of {} to {}: Kafka holds {}; exporting after {}", topic.topic(), topic.kafkaTopic(),
                position.map(p -> "sequence " + p.sequence() + " of epoch " + p.epoch() + " at offset " + p.offset())
                        .orElse("nothing of it"), after);
    }

    /** Attaches the topic's export as a subscriber replaying the history after {@code after}. */
    private void attach(final ExportedTopic topic, final long after, final boolean positioned) {
        final SubscribeRequest request = new SubscribeRequest(topic.topic(), SUBSCRIBER_KEY, "Kafka export to "
                + topic.kafkaTopic(), EventFilter.ALL, topic.attachment(after, positioned), after);
        lockingCalls.run(() -> broker.subscribe(request));
    }

    private void detach(final ExportedTopic topic) {
        lockingCalls.run(() -> broker.unsubscribe(topic.topic(), SUBSCRIBER_KEY));
    }

    /**
     * Where the export goes on: after Kafka's last sequence if it is of the numbering in use (same run, or a backup
     * that took over its primary's numbering); with a durable history, which numbers on after the last stored event,
     * after the lower of Kafka's last and the last the history gave back (numbers above that were never stored and are
     * given again, to new events); otherwise the numbering started anew, and all the history holds is new to Kafka.
     */
    private long resumeAfter(final String topic, final Optional<KafkaPosition> position) {
        if (position.isEmpty()) {
            return 0;
        }
        final KafkaPosition p = position.get();
        if (p.epoch().equals(broker.numbering().token())) {
            return p.sequence();
        }
        return durable ? Math.min(p.sequence(), reloaded.getOrDefault(topic, 0L)) : 0;
    }

    private void closeReader() {
        if (reader != null) {
            reader.close(Duration.ZERO);
            reader = null;
        }
    }

    List<ExportStatus> status() {
        final List<ExportStatus> status = new ArrayList<>();
        for (final ExportedTopic topic : topics.values()) {
            final long last = broker.topic(topic.topic(), false).map(TopicSnapshot::lastSequence).orElse(0L);
            status.add(topic.status(last));
        }
        status.sort((a, b) -> a.topic().compareTo(b.topic()));
        return status;
    }

    boolean paused() {
        return paused;
    }

    /** Runs on the loop's thread after the last round: what Kafka has not acknowledged within a second is resumed. */
    @Override
    public void finish() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(1));
        }
        closeReader();
        lockingCalls.close();
    }
}
