/**
 * What an operator watches: Prometheus metrics ({@code GET /eventhandler/metrics}), liveness and role-aware readiness
 * ({@code /health}, {@code /ready}), the live status page ({@code /status}, fed by {@code /status/stream}), and
 * Arrowhead's {@code /echo} and {@code /mgmt/statistics}.
 * Everything here reads counters the broker, the delivery scheduler and the replication service keep anyway, at
 * scrape or tick time; nothing is recorded twice on the publish path. See {@code docs/observability.md}.
 */
package io.eventhandler.server.observability;
