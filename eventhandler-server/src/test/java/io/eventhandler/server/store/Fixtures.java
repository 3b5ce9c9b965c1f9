package io.eventhandler.server.store;

import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.event.SystemRef;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/** Subscriptions and a clock for the store tests. */
final class Fixtures {

    static final Instant START = Instant.parse("2030-01-01T00:00:00.123456Z");

    private Fixtures() {
    }

    static StoredSystem system(final String name, final int port) {
        return new StoredSystem(name, "127.0.0.1", port, null, null);
    }

    static SystemRef ref(final String name, final int port) {
        return SystemRef.of(name, "127.0.0.1", port);
    }

    /** A subscription with nothing optional set. */
    static NewSubscription plain(final String eventType, final StoredSystem subscriber) {
        return new NewSubscription(eventType, subscriber, null, false, "/notify", null, null, List.of(), null,
                Set.of());
    }

    /** A subscription with every field set, authorization state included. */
    static NewSubscription full(final String eventType, final StoredSystem subscriber) {
        return new NewSubscription(eventType, subscriber, Map.of("unit", "celsius", "room", "B12"), true,
                "/notify/temperature", START.plusSeconds(3_600), START.plusSeconds(7_200),
                List.of(new StoredSystem("Thermometer", "10.0.0.7", 9410, "cHVibGljLWtleQ==", Map.of("floor", "2")),
                        system("backup-thermometer", 9411)),
                42L, Set.of(SystemRef.of("thermometer", "10.0.0.7", 9410), ref("authorization-only", 9999)),
                new SubscriberRequirements(7));
    }

    /** A clock that moves one second forward each time it is read, so that every stamp differs. */
    static Clock tickingClock() {
        return new Clock() {
            private final AtomicLong reads = new AtomicLong();

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(final ZoneId zone) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Instant instant() {
                return START.plus(Duration.ofSeconds(reads.getAndIncrement()));
            }
        };
    }
}
