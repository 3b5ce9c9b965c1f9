package io.eventhandler.server.publish;

import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The topic limit counts live topics: topics nothing needs any more (no subscriber, no history, idle for
 * {@code eh.topic.idle.forget.s}) are forgotten but for their last number, so a long-running process that sees many
 * short-lived event types does not reach its limit; a forgotten type can be published to again.
 */
class IdleTopicLimitTest {

    private static final int MAX_TOPICS = 5;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.MAX_TOPICS.key(), Integer.toString(MAX_TOPICS),
            LimitsConfiguration.TOPIC_IDLE_FORGET_S.key(), "1",
            HistoryConfiguration.MODE.key(), "OFF"));
    private static final EhHttp http = server.http();

    @Test
    void idleTopicsMakeRoomForNewOnes() {
        final List<String> first = new ArrayList<>();
        for (int i = 0; i < MAX_TOPICS; i++) {
            first.add(uniqueTopic("short-lived"));
            EhHttp.assertOkEmpty(http.publish(EhHttp.event(first.get(i), "x")));
        }
        final String next = uniqueTopic("short-lived");
        assertEquals(409, http.publish(EhHttp.event(next, "x")).statusCode(), "at the limit");

        eventually().until(() -> http.publish(EhHttp.event(next, "x")).statusCode() == 200);
        EhHttp.assertOkEmpty(http.publish(EhHttp.event(first.get(0), "a forgotten type is published to again")));
    }
}
