package io.eventhandler.core.replication;

/** What an Event Handler instance does in a primary/backup pair. */
public enum ReplicationRole {
    /** No pair: serves on its own, replicates nothing. */
    STANDALONE,
    /** Serves publishers and subscribers and streams replicas to its backup. */
    PRIMARY,
    /** Holds replicas, refuses publishers and subscribers, and takes over when the primary fails. */
    BACKUP;

    /** Whether publishers and subscribers are served. */
    public boolean serves() {
        return this != BACKUP;
    }
}
