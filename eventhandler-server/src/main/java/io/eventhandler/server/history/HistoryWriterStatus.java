package io.eventhandler.server.history;

/**
 * The durable history writer's counters.
 *
 * @param writing          whether events are written now
 * @param failure          why they are not (null while writing)
 * @param lastFailure      the last write failure, even if it is over (null if none)
 * @param queued           events waiting for the writer
 * @param written          events committed
 * @param commits          commits (each a batch: the group commit)
 * @param lastCommitMicros time the last batch took to write and commit
 * @param dropped          events not kept because the queue was full (still delivered)
 * @param lost             events not kept because writing failed (still delivered)
 * @param failures         write failures (each logged once)
 */
public record HistoryWriterStatus(boolean writing, String failure, String lastFailure, int queued, long written,
                                  long commits, long lastCommitMicros, long dropped, long lost, long failures) {
}
