/**
 * The end-to-end load generator ({@link io.eventhandler.benchmarks.load.LoadGenerator}): P publisher threads, each
 * with its own persistent connection, publish to an Event Handler on loopback while S subscribers (SSE streams or
 * webhook receivers) receive; latency goes into one HdrHistogram per publisher and per subscriber, merged at the end.
 *
 * <pre>
 *   LoadGenerator ─► OptionsParser ─► LoadRun ─┬─► PublisherTask × P ─ RatePacer, PayloadCodec
 *                                              ├─► SubscriberFleet (SseFleet | WebhookFleet)
 *                                              │       └─► SubscriberProbe × S ─ DeliveryTracker, histograms
 *                                              └─► RunAccounting ─► RunResult ─► TextReport, JsonReport
 * </pre>
 */
package io.eventhandler.benchmarks.load;
