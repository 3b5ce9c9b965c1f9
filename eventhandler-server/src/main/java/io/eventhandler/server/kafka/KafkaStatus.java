package io.eventhandler.server.kafka;

import java.util.List;

/**
 * The Kafka bridge on the status page ({@code GET /eventhandler/mgmt/kafka}).
 *
 * @param enabled          whether the bridge runs
 * @param bootstrapServers the cluster
 * @param reachable        whether Kafka answered the last call (null: no call made yet)
 * @param errors           calls that failed
 * @param lastError        the last failure, or blank
 * @param exportPaused     whether the export waits because this instance does not serve
 * @param export           each exported topic
 * @param imports          the import, or null when nothing is imported
 */
public record KafkaStatus(boolean enabled, String bootstrapServers, Boolean reachable, long errors, String lastError,
                          boolean exportPaused, List<ExportStatus> export, ImportStatus imports) {
}
