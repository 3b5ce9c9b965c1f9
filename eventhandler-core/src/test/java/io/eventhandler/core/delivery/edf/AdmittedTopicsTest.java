package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.QosRequest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.qos.PaperTopics.category;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration, subscribers' stricter requests and their re-admission. */
class AdmittedTopicsTest {

    private final AdmittedTopics topics = new AdmittedTopics(LatencyBounds.PAPER_EXAMPLE, ReplicationPolicy.SELECTIVE);

    @Test
    void shouldAdmitConfiguredTopicsAndRefuseOthersWithoutStoringThem() {
        assertTrue(topics.configure("alarm", category(0)).admitted());
        final AdmissionResult refused = topics.configure("bad", category(0).withRetention(1));
        assertFalse(refused.admitted());
        assertEquals(List.of("alarm"), List.copyOf(topics.snapshot().keySet()));
        assertNull(topics.generator("bad"));
        assertFalse(topics.generator("alarm").replicates());
    }

    @Test
    void shouldTightenByTheStrictestRequestAndLoosenOnWithdraw() {
        topics.configure("monitoring", category(3));
        assertTrue(topics.request("monitoring", "a", QosRequest.deadline(60 * MS)).admitted());
        assertTrue(topics.request("monitoring", "b", QosRequest.lossTolerance(LossTolerance.of(1))).admitted());
        final AdmittedTopic tightened = topics.topic("monitoring").orElseThrow();
        assertEquals(60 * MS, tightened.effective().deadlineMicros());
        assertEquals(LossTolerance.of(1), tightened.effective().lossTolerance());
        assertEquals(category(3), tightened.configured());
        assertEquals(Map.of("a", QosRequest.deadline(60 * MS), "b", QosRequest.lossTolerance(LossTolerance.of(1))),
                tightened.requests());
        // (0+1)·100 − 50.05 = 49.95 ms < D^d = 59 ms: the stricter L makes replication necessary
        assertTrue(tightened.generator().replicates());

        topics.withdraw("monitoring", "b");
        final AdmittedTopic loosened = topics.topic("monitoring").orElseThrow();
        assertEquals(category(3).lossTolerance(), loosened.effective().lossTolerance());
        assertEquals(60 * MS, loosened.effective().deadlineMicros());
        assertFalse(loosened.generator().replicates());
    }

    @Test
    void shouldRefuseARequestThatCannotBeAdmittedAndKeepTheTopicAsItWas() {
        topics.configure("monitoring", category(3));
        final AdmittedTopic before = topics.topic("monitoring").orElseThrow();
        final AdmissionResult refused = topics.request("monitoring", "a",
                QosRequest.lossTolerance(LossTolerance.of(0)));
        assertFalse(refused.admitted());
        assertTrue(refused.reason().contains("N ≥ 1"), refused.reason());
        assertSame(before, topics.topic("monitoring").orElseThrow());
        assertThrows(IllegalArgumentException.class, () -> topics.request("unknown", "a", QosRequest.NONE));
    }

    @Test
    void shouldKeepRequestsWhenTheConfigurationChanges() {
        topics.configure("monitoring", category(3));
        topics.request("monitoring", "a", QosRequest.deadline(60 * MS));
        assertTrue(topics.configure("monitoring", category(3).withRetention(2)).admitted());
        final AdmittedTopic t = topics.topic("monitoring").orElseThrow();
        assertEquals(2, t.effective().retention());
        assertEquals(60 * MS, t.effective().deadlineMicros());
    }
}
