package io.eventhandler.core.delivery.edf;

/**
 * A replica in the backup's buffer with its Discard flag (Table 3.3). The flag is set by the primary's discard
 * request and only ever goes from false to true.
 *
 * @param <M> the message type
 */
public final class BackupEntry<M> {

    private final M message;
    private final String topic;
    private final long createdMicros;
    private volatile boolean discard;

    /**
     * @param topic         the topic, to find its {@link JobGenerator} on recovery
     * @param createdMicros the original creation time t_c, epoch microseconds: recovery deadlines stay anchored to it
     */
    public BackupEntry(final M message, final String topic, final long createdMicros) {
        this.message = message;
        this.topic = topic;
        this.createdMicros = createdMicros;
    }

    public M message() {
        return message;
    }

    public String topic() {
        return topic;
    }

    public long createdMicros() {
        return createdMicros;
    }

    /** The primary dispatched the original: this copy must not be dispatched again on recovery. */
    public void markDiscard() {
        discard = true;
    }

    public boolean isDiscarded() {
        return discard;
    }
}
