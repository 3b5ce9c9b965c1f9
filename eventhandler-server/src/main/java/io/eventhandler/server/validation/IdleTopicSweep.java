package io.eventhandler.server.validation;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.server.runtime.Runner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Forgets idle topics ({@code eh.topic.idle.forget.s}): a topic with no subscriber, no event left in its history
 * and no activity for that long keeps only its last number ({@link Broker#forgetIdle}), so the topic limit counts
 * live topics and a process that sees many short-lived event types does not fill up. Sweeps a quarter of the idle
 * time apart (1 s to 1 min) on its own timer ({@code eh-topic-sweep}).
 */
public final class IdleTopicSweep implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IdleTopicSweep.class);

    private final ScheduledExecutorService timer;

    /** @param idleSeconds how long a topic must be idle to be forgotten; 0: never (no timer runs) */
    public IdleTopicSweep(final Broker broker, final int idleSeconds, final Runner runner) {
        if (idleSeconds == 0) {
            this.timer = null;
            return;
        }
        final long idleNanos = TimeUnit.SECONDS.toNanos(idleSeconds);
        final long periodMs = Math.max(1_000, Math.min(60_000, idleSeconds * 1_000L / 4));
        this.timer = runner.timer("eh-topic-sweep", Duration.ofMillis(periodMs));
        timer.scheduleWithFixedDelay(() -> {
            final int forgotten = broker.forgetIdle(idleNanos);
            if (forgotten > 0) {
                LOG.debug("forgot {} idle topic(s); {} live, {} forgotten in all", forgotten, broker.topicCount(),
                        broker.forgottenTopics());
            }
        }, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
