package io.eventhandler.server.kafka;

/**
 * The last record an exported topic has in Kafka, read back (not remembered; {@link KafkaTail}).
 *
 * @param epoch    the numbering of its sequence number
 * @param sequence its sequence number
 * @param offset   its offset
 */
record KafkaPosition(String epoch, long sequence, long offset) {
}
