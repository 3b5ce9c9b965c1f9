/**
 * The Event Handler's domain, free of HTTP and JSON.
 *
 * <pre>
 *  server (publish)                        core                                     server (sinks)
 *  EventDraft ──▶ Broker.accept ──▶ Topic.publish (lock: seq++, history, fan-out)
 *                                         │ offer (non-blocking, bounded)
 *                                         ▼
 *                                  SubscriberOutbox ──drain on delivery executor──▶ EventSink (SSE | webhook)
 *                                  (one per subscriber; one batch in flight; overflow → dropped + Gap)
 * </pre>
 *
 * Packages: {@code event} (events, identities, gap notices), {@code subscription} (filters), {@code topic}
 * (sequence, history, attachments), {@code delivery} (outboxes and the sink contract), {@code broker} (the entry).
 */
package io.eventhandler.core;
