package io.eventhandler.core.engine.runtime;

/**
 * The queues of one processing level at the moment of a snapshot; a growing PendingQ or MovingQ on a low level shows
 * that higher levels keep the workers busy.
 *
 * @param priority    the level's priority
 * @param inputQueued supplier events in its InputQ (at most one per topic)
 * @param pending     deliveries in its PendingQ
 * @param moving      deliveries in its MovingQ, waiting to be shared with lower levels
 */
public record LevelStatistics(int priority, int inputQueued, int pending, int moving) {
}
