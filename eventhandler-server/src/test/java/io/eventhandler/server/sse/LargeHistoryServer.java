package io.eventhandler.server.sse;

import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;

import java.util.Map;

/**
 * A server for the stalled streams' budget tests: a history of {@link #EVENTS} events of 8 KB per topic, twice what
 * the kernel's send buffer of a socket takes at most (4 MiB), so a stream that resumes it and reads nothing soon
 * holds a batch, a queue and its backlog; no stall timeout, so only the budget disconnects such a stream.
 */
final class LargeHistoryServer {

    static final int EVENTS = 1024;

    private LargeHistoryServer() {
    }

    static RunningServer withBudget(final int stalledMemoryBytes) {
        return RunningServer.with(Map.of(
                StreamConfiguration.STALLED_MEMORY_BYTES.key(), Integer.toString(stalledMemoryBytes),
                StreamConfiguration.STALL_TIMEOUT_MS.key(), "0",
                HistoryConfiguration.SIZE.key(), Integer.toString(EVENTS),
                LimitsConfiguration.MAX_BODY_BYTES.key(), "16384",
                HistoryConfiguration.MEMORY_MAX_BYTES.key(), Integer.toString(64 * 1024 * 1024)));
    }

    /** Publishes {@link #EVENTS} events of 8 KB to {@code topic}, numbered in their payloads. */
    static void fillHistory(final EhHttp http, final String topic) {
        final String payload = "x".repeat(8_000);
        for (int i = 1; i <= EVENTS; i++) {
            http.publishOk(topic, i + ":" + payload);
        }
    }
}
