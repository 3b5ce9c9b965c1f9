/**
 * The bridge to Apache Kafka (docs/kafka.md): export of chosen topics to Kafka, reading each topic's history as a
 * subscriber does and resuming from what Kafka holds, and import of Kafka topics as published events. Off unless
 * {@code eh.kafka.bootstrap.servers} is set; when off nothing of it is built.
 */
package io.eventhandler.server.kafka;
