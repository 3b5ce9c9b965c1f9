/**
 * The running engine ({@link io.eventhandler.core.engine.runtime.Engine}).
 *
 * <pre>
 *  broker thread                 one Scheduler (one lock), levels highest first          workers (N, shared)
 *  offer(topic, payload, t_b) ─▶ level H: InputQ ─fan-out─▶ PendingQ ──────────────▶ take(): W_H, M_H,
 *                                                        └▶ MovingQ ─move─┐            W_M, M_M, W_L, M_L
 *                                level M: InputQ ─────────▶ PendingQ ◀────┘ ...          │
 *                                level L: ...                                            ▼
 *                                                           NodeState.arrive: replace, ready?, check validity
 *                                                           Operator.apply ─▶ result ─▶ successors (route)
 *                                                                                   └─▶ DerivedEventSink
 * </pre>
 *
 * Events are immutable {@link io.eventhandler.core.engine.runtime.EngineEvent}s shared by reference; the
 * {@link io.eventhandler.core.engine.runtime.EventStore} keeps the recent ones per type.
 */
package io.eventhandler.core.engine.runtime;
