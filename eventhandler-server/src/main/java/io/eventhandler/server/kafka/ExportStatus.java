package io.eventhandler.server.kafka;

/**
 * One exported topic on the status page and in the metrics.
 *
 * @param topic      the event type
 * @param kafkaTopic where it goes
 * @param exporting  attached and sending (false: waiting for Kafka, paused, or resuming)
 * @param exported   the last sequence number Kafka holds (-1: not read back yet)
 * @param lag        events accepted but not yet acknowledged by Kafka (-1: unknown until the position is read)
 * @param lastOffset the Kafka offset of the last record acknowledged (-1: none in this run)
 * @param records    records acknowledged by Kafka in this run
 * @param errors     records whose send failed (exported again after a resume)
 * @param missed     events that left the history before they could be exported: not in Kafka
 * @param replays    events dropped by the export's bounded queue and replayed from the history
 * @param resends    publishers' resends (after a take-over or a restart) of events Kafka held: not exported again
 */
public record ExportStatus(String topic, String kafkaTopic, boolean exporting, long exported, long lag,
                           long lastOffset, long records, long errors, long missed, long replays, long resends) {
}
