package io.eventhandler.core.delivery.edf;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Table 3.3 Recovery, run by a backup that has just become the primary: skip the copies marked Discard and queue a
 * dispatch job for each of the rest, with deadlines recomputed from the copy's original creation time.
 */
public final class Recovery {

    private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

    private Recovery() {
    }

    /**
     * The outcome of one recovery.
     *
     * @param scheduled the copies queued for dispatch
     * @param skipped   copies skipped because they were marked Discard
     * @param <M>       the message type
     */
    public record Report<M>(List<PendingMessage<M>> scheduled, int skipped) {
        public Report {
            scheduled = List.copyOf(scheduled);
        }
    }

    /**
     * @param entries    the backup buffer's copies, in any order (the queue orders them)
     * @param generators the job generator of each copy's topic
     * @param nowMicros  the promotion time, epoch microseconds
     */
    public static <M> Report<M> schedule(final Iterable<BackupEntry<M>> entries,
                                         final Function<String, JobGenerator> generators, final JobQueue<M> queue,
                                         final long nowMicros) {
        final List<PendingMessage<M>> scheduled = new ArrayList<>();
        int skipped = 0;
        for (final BackupEntry<M> entry : entries) {
            if (entry.isDiscarded()) {
                skipped++;
                continue;
            }
            final JobDeadlines deadlines = generators.apply(entry.topic())
                    .recoveryDeadlines(entry.createdMicros(), nowMicros);
            scheduled.add(queue.schedule(entry.message(), entry.createdMicros(), deadlines));
        }
        LOG.info("recovery: {} copies queued for dispatch, {} discarded copies skipped", scheduled.size(), skipped);
        return new Report<>(scheduled, skipped);
    }
}
