package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PublisherRetentionTest {

    private static final SystemRequestDTO PUBLISHER = SystemRequestDTO.of("retaining-publisher", "127.0.0.1", 9004);

    @Test
    void theCallersOwnStampIsKeptAndTheDefaultRetentionAppliesUntilTheEventHandlerNamesOne() {
        final PublisherRetention retention = new PublisherRetention(2);
        final PublisherRetention.Stamped own = retention.stamp(new EventPublishRequestDTO(
                "t", PUBLISHER, Map.of("eh-origin", "mine", "eh-seq", "41"), "p", null));
        assertEquals("mine", own.request().metaData().get("eh-origin"));
        assertEquals("41", own.request().metaData().get("eh-seq"));
        assertEquals(1, own.counter());

        for (int i = 0; i < 3; i++) {
            retention.accepted(retention.stamp(new EventPublishRequestDTO(
                    " T ", PUBLISHER, null, "p" + i, null)), EventHandlerClient.NO_RETENTION);
        }
        assertEquals(List.of("p1", "p2"), retention.retained().stream().map(s -> s.request().payload()).toList());
        assertEquals(List.of("3", "4"), retention.retained().stream()
                .map(s -> s.request().metaData().get("eh-seq")).toList(), "one counter for the topic, any case");
        retention.accepted(retention.stamp(new EventPublishRequestDTO(
                "t", PUBLISHER, null, "p3", null)), 0);
        assertEquals(List.of(), retention.retained(), "N = 0 from the Event Handler keeps nothing");
    }

    @Test
    void theRingFollowsTheRetentionTheEventHandlerNames() {
        final PublisherRetention retention = new PublisherRetention(0);
        for (int i = 1; i <= 5; i++) {
            retention.accepted(retention.stamp(new EventPublishRequestDTO("t", PUBLISHER, null, "p" + i, null)), 3);
        }
        assertEquals(List.of("p3", "p4", "p5"), payloads(retention));

        retention.accepted(retention.stamp(new EventPublishRequestDTO("t", PUBLISHER, null, "p6", null)),
                EventHandlerClient.NO_RETENTION);
        assertEquals(List.of("p4", "p5", "p6"), payloads(retention), "no header: N stays 3");

        retention.accepted(retention.stamp(new EventPublishRequestDTO("t", PUBLISHER, null, "p7", null)), 1);
        assertEquals(List.of("p7"), payloads(retention), "a smaller N shrinks the ring");

        final PublisherRetention.Stamped refused = retention.retained().get(0);
        retention.forget(refused);
        assertEquals(List.of(), payloads(retention));
    }

    private static List<String> payloads(final PublisherRetention retention) {
        return retention.retained().stream().map(s -> s.request().payload()).toList();
    }
}
