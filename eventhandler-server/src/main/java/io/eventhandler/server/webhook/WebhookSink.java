package io.eventhandler.server.webhook;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Delivers one subscription's events as Arrowhead does, by {@code POST} of the {@code EventDTO} to the subscriber's
 * notify URI, one request at a time so they arrive in order, each retried with back-off a bounded number of times.
 * Each POST also carries the event's sequence number in {@value EventHandlerApi#SEQUENCE_HEADER}, so a subscriber can
 * see gaps and retried duplicates. Gap notices have no webhook form: each is logged as a {@code DROPPED} problem
 * with the range it covers. Every event done with (delivered, or given up on and counted) advances the
 * subscription's {@link DeliveredPositions.Position}, from which it resumes after a restart, and is reported to the
 * outbox at once ({@link DeliveryCallback#eventDone}), not when the whole batch is: its latency is its own, and a
 * backup drops its copy as soon as the subscriber has it.
 */
final class WebhookSink implements EventSink {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookSink.class);

    private final CloseableHttpAsyncClient client;
    private final ScheduledExecutorService retryScheduler;
    private final RetryPolicy retryPolicy;
    private final WebhookTarget target;
    private final CircuitBreaker breaker;
    private final String topic;
    private final String subscriber;
    private final DeliveryProblemLog problems;
    private final DeliveredPositions.Position position;
    /** Whether the dispatcher is closing: a failure then is the stop's, not the subscriber's. */
    private final BooleanSupplier closing;

    WebhookSink(final CloseableHttpAsyncClient client, final ScheduledExecutorService retryScheduler,
                final RetryPolicy retryPolicy, final WebhookTarget target, final CircuitBreaker breaker,
                final String topic, final String subscriber, final DeliveryProblemLog problems,
                final DeliveredPositions.Position position, final BooleanSupplier closing) {
        this.client = client;
        this.closing = closing;
        this.position = position;
        this.topic = topic;
        this.subscriber = subscriber;
        this.problems = problems;
        this.retryScheduler = retryScheduler;
        this.retryPolicy = retryPolicy;
        this.target = target;
        this.breaker = breaker;
    }

    @Override
    public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
        new BatchDelivery(batch, callback).next();
    }

    /** The circuit's state: the status page shows it per webhook subscriber. */
    @Override
    public String condition() {
        return breaker.state();
    }

    @Override
    public void close(final CloseReason reason) {
        LOG.debug("webhook delivery to {} ended: {}", target.uri(), reason);
    }

    private SimpleHttpRequest request(final Event event) {
        return SimpleRequestBuilder.post(target.uri())
                .setHeader(HttpHeaders.ACCEPT, "text/plain, application/json")
                .setHeader(EventHandlerApi.SEQUENCE_HEADER, Long.toString(event.sequence()))
                .setBody(event.encoded(), ContentType.APPLICATION_JSON)
                .build();
    }

    /** Walks one batch: each event POSTed after the previous one has been answered or given up. */
    private final class BatchDelivery implements FutureCallback<SimpleHttpResponse> {
        private final List<OutboxItem> batch;
        private final DeliveryCallback callback;
        private int index = -1;
        private int attempt;
        private int delivered;
        private int failed;
        private Event current;

        BatchDelivery(final List<OutboxItem> batch, final DeliveryCallback callback) {
            this.batch = batch;
            this.callback = callback;
        }

        void next() {
            if (closing.getAsBoolean()) {
                abandonRest(0);
                return;
            }
            while (++index < batch.size()) {
                if (batch.get(index) instanceof Event event) {
                    if (!breaker.allows()) {
                        failed++; // the circuit is open: given up at once, counted
                        problems.report(DeliveryProblemLog.Problem.CIRCUIT_OPEN, topic, subscriber,
                                event.sequence(), "FAILED_AT_ONCE");
                        position.advance(event.sequence());
                        callback.eventDone(event, false);
                        continue;
                    }
                    current = event;
                    attempt = 1;
                    send();
                    return;
                }
                if (batch.get(index) instanceof Gap gap) {
                    problems.report(DeliveryProblemLog.Problem.DROPPED, topic, subscriber, gap.firstMissingId(),
                            "GAP_" + gap.reason(), "through=" + gap.lastMissingId() + " missed=" + gap.missed());
                }
            }
            callback.completed(delivered, failed);
        }

        private void send() {
            client.execute(request(current), this);
        }

        @Override
        public void completed(final SimpleHttpResponse response) {
            if (response.getCode() >= 200 && response.getCode() < 300) {
                delivered++;
                position.advance(current.sequence());
                breaker.succeeded();
                callback.eventDone(current, true); // each at once: a slow subscriber's batch takes long
                next();
            } else {
                retryOrGiveUp("HTTP_" + response.getCode());
            }
        }

        @Override
        public void failed(final Exception e) {
            retryOrGiveUp(e.getClass().getSimpleName());
        }

        @Override
        public void cancelled() {
            retryOrGiveUp("CANCELLED");
        }

        /**
         * The dispatcher is closing (the orderly stop's grace period is over): the events left are not given up on
         * (the position stays before them, so a subscription with a kept position gets them after a restart), only
         * counted as not delivered in this run.
         *
         * @param current 1 if the event at {@code index} is among them (its send failed), else 0
         */
        private void abandonRest(final int current) {
            int left = current;
            for (int i = index + 1; i < batch.size(); i++) {
                if (batch.get(i) instanceof Event) {
                    left++;
                }
            }
            index = batch.size();
            LOG.debug("{} event(s) to {} left undelivered: stopping", left, target.uri());
            callback.completed(delivered, failed + left);
        }

        private void retryOrGiveUp(final String why) {
            if (closing.getAsBoolean()) {
                abandonRest(1); // the one being sent, and those after it
                return;
            }
            attempt++;
            if (retryPolicy.mayRetry(attempt)) {
                problems.report(DeliveryProblemLog.Problem.RETRY, topic, subscriber, current.sequence(), why,
                        "attempt=" + (attempt - 1) + " uri=" + target.uri());
                try {
                    retryScheduler.schedule(this::send, retryPolicy.backoffMs(attempt), TimeUnit.MILLISECONDS);
                    return;
                } catch (final RejectedExecutionException shuttingDown) {
                    LOG.debug("no retry of {} to {}: shutting down", current, target.uri());
                }
            }
            failed++;
            position.advance(current.sequence());
            callback.eventDone(current, false);
            problems.report(DeliveryProblemLog.Problem.GAVE_UP, topic, subscriber, current.sequence(), why,
                    "attempts=" + (attempt - 1) + " uri=" + target.uri());
            if (breaker.failed()) {
                // its events now fail at once for a while, then one is tried again
                problems.report(DeliveryProblemLog.Problem.CIRCUIT_OPEN, topic, subscriber, current.sequence(),
                        "OPENED", "uri=" + target.uri());
            }
            next();
        }
    }
}
