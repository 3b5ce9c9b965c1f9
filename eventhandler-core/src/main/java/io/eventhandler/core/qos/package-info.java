/**
 * Topic quality of service for FRAME real-time delivery: a topic's period T, deadline D, loss tolerance L, publisher
 * retention N, destination and priority ({@link io.eventhandler.core.qos.TopicQos}), the strictest-wins merge with
 * subscribers' requests, the latency bounds Δ_PB, Δ_BS, Δ_BB and x ({@link io.eventhandler.core.qos.LatencyBounds}),
 * and the admission test of Lemmas 1–2 with Proposition 1's replication decision
 * ({@link io.eventhandler.core.qos.Admission}). Every duration is in microseconds.
 */
package io.eventhandler.core.qos;
