package io.eventhandler.client.history;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.client.testing.ServerProcess;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A change of the subscription store answered 200 is there after a SIGKILL that follows the answer at once: the
 * embedded H2 store keeps a commit in the process's memory for up to half a second unless asked to write it, and a
 * kill inside that window took back subscriptions, unsubscriptions and topic QoS that clients had been told were
 * done. With durable history, so that a webhook subscription's starting position is kept too. Each process answers
 * in about a second; no events.
 */
class StoredChangesKillTest {

    private static final String KEPT = "KEPT_AFTER_KILL";
    private static final String REMOVED = "REMOVED_BEFORE_KILL";
    private static final String QOS_TOPIC = "QOS_AFTER_KILL";

    private static Map<String, String> settings(final Path dir, final int port) {
        return Map.of("server.port", Integer.toString(port),
                "eh.store.url", "jdbc:h2:file:" + dir.resolve("store").toAbsolutePath(),
                "eh.history.mode", "DURABLE", "eh.history.dir", dir.resolve("history").toString());
    }

    private static String subscription(final String eventType) {
        return "{\"eventType\":\"" + eventType + "\",\"subscriberSystem\":{\"systemName\":\"kill-subscriber\","
                + "\"address\":\"127.0.0.1\",\"port\":9107},\"notifyUri\":\"/notify\",\"matchMetaData\":false}";
    }

    @Test
    void subscriptionsUnsubscriptionsAndTopicQosAnsweredBeforeAKillAreThereAfterTheRestart(@TempDir final Path dir) {
        final int port = ServerProcess.freePorts(1)[0];
        try (ServerProcess first = ServerProcess.start(dir, "first", settings(dir, port))) {
            assertOk(first.send("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE, subscription(KEPT)));
            assertOk(first.send("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIBE,
                    subscription(REMOVED)));
            assertOk(first.send("PUT", EventHandlerApi.BASE_PATH + "/mgmt/qos/topics/" + QOS_TOPIC,
                    "{\"periodMs\": 100, \"deadlineMs\": 1000, \"retention\": 6}"));
            assertOk(first.send("DELETE", EventHandlerApi.BASE_PATH + EventHandlerApi.UNSUBSCRIBE + "?"
                    + EventHandlerApi.UNSUBSCRIBE_EVENT_TYPE + "=" + REMOVED + "&"
                    + EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME + "=kill-subscriber&"
                    + EventHandlerApi.UNSUBSCRIBE_ADDRESS + "=127.0.0.1&" + EventHandlerApi.UNSUBSCRIBE_PORT + "=9107",
                    ""));
            first.kill();
        }
        try (ServerProcess second = ServerProcess.start(dir, "second", settings(dir, port))) {
            final HttpResponse<String> subscriptions = second.get(EventHandlerApi.BASE_PATH
                    + EventHandlerApi.MGMT_SUBSCRIPTIONS);
            assertOk(subscriptions);
            final String listed = subscriptions.body().toUpperCase(Locale.ROOT);
            assertTrue(listed.contains(KEPT), "the subscription answered 200 before the kill: " + listed);
            assertFalse(listed.contains(REMOVED), "the unsubscription answered 200 before the kill: " + listed);
            final HttpResponse<String> qos = second.get(EventHandlerApi.BASE_PATH + "/mgmt/qos");
            assertOk(qos);
            assertTrue(qos.body().toUpperCase(Locale.ROOT).contains(QOS_TOPIC),
                    "the topic QoS answered 200 before the kill: " + qos.body());
            // its starting position, written when it attached, came back with it
            Awaitility.await("the kept subscription resumes from its position").atMost(Duration.ofSeconds(30))
                    .until(() -> second.log().contains("resumes after event"));
        }
    }

    private static void assertOk(final HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response::body);
    }
}
