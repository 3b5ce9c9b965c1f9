/**
 * The Event Handler's domain, free of HTTP and JSON: a pipeline whose packages import only downward.
 *
 * <pre>
 *  server (publish)                                core                                          server (sinks)
 *  EventDraft ─▶ broker.Broker.accept ─▶ topic.Topic.publish (lock: seq++, history)
 *                        │
 *                        └─▶ delivery.DeliveryScheduler.schedule ─▶ delivery.EdfScheduler: EDF job queue
 *                                                                         │ delivery worker, earliest deadline
 *                                                                         ▼
 *                 outbox.FanOut.dispatchUpTo (the topic, under its lock) ─▶ outbox.SubscriberOutbox.offer
 *                                                                         │ (bounded; overflow → dropped + Gap)
 *                                                                         ▼
 *                                      SubscriberOutbox drain (one batch in flight) ─▶ outbox.EventSink (SSE | webhook)
 *                                                                         │
 *                                      outbox.OutboxListener ◀────────────┘ delivered / dropped:
 *                                      delivery.SubscriberAccounting → delivery.ReplicationCoordinator (Table 3.3)
 * </pre>
 *
 * Packages, top first, each importing only those below it: {@code broker} (the entry), {@code delivery} (FRAME: plans,
 * EDF scheduler, coordination, accounting, workers; {@code delivery.experimental} holds the baselines of the
 * experiments), {@code topic} (sequence, history, attachments, fan-out), {@code outbox} (per-subscriber queues, the
 * sink contract, what outboxes report to), {@code subscription} (filters), {@code qos} (topic QoS, admission,
 * subscriber requirements), {@code event} (events, identities, gap notices). Beside them, importing only
 * {@code event}: {@code engine} (CPEP operators) and {@code replication} (roles, epochs, the backup buffer).
 * {@code CoreArchitectureTest} keeps this true.
 */
package io.eventhandler.core;
