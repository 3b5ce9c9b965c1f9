package io.eventhandler.server;

import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * With {@code eh.delivery.inline.subscribers} on (off by default), the publishing thread serves the first subscribers
 * itself and hands the rest to the delivery pool: every subscriber still gets every event, in order.
 */
class InlineDeliveryTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(
            Map.of(ServerConfiguration.DELIVERY_INLINE_SUBSCRIBERS, "2"));
    private static final EhHttp http = server.http();

    @Test
    void inlineAndHandedOffSubscribersEachGetEveryEventInOrder() {
        final String topic = uniqueTopic("inline");
        final int n = 200;
        final List<SseTestClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                clients.add(SseTestClient.open(server.baseUri(), topic));
            }
            for (int i = 1; i <= n; i++) {
                http.publishOk(topic, "p" + i);
            }
            final List<String> payloads = LongStream.rangeClosed(1, n).mapToObj(i -> "p" + i).toList();
            for (final SseTestClient client : clients) {
                eventually().until(() -> client.payloads().size() >= n);
                assertEquals(payloads, client.payloads());
            }
        } finally {
            clients.forEach(SseTestClient::close);
        }
    }
}
