/**
 * The priority operator engine (CPEP): a configured DAG of operators turns supplier events (published topics) into
 * derived events (topics delivered like any other), processing the work of higher-priority consumers first, sharing
 * operators across priority levels, replacing waiting events by newer ones, and checking absolute and relative time
 * validity with a mark or shed policy.
 */
package io.eventhandler.core.engine;
