package io.eventhandler.server.store;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.http.ArrowheadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The management endpoints' {@code {id}}, checked as Arrowhead's {@code EventHandlerController} does. */
class SubscriptionIdsTest {

    private static final String ORIGIN = "/eventhandler/mgmt/subscriptions/{id}";

    private static void assertRejected(final String id, final String message) {
        final ArrowheadException e = assertThrows(ArrowheadException.class, () -> SubscriptionIds.parse(id, ORIGIN));
        assertEquals(ExceptionType.BAD_PAYLOAD, e.type());
        assertEquals(400, e.status());
        assertEquals(message, e.getMessage());
        assertEquals(ORIGIN, e.origin());
    }

    @Test
    void positiveIdsPass() {
        assertEquals(1, SubscriptionIds.parse("1", ORIGIN));
        assertEquals(Long.MAX_VALUE, SubscriptionIds.parse(Long.toString(Long.MAX_VALUE), ORIGIN));
        assertEquals(17, SubscriptionIds.check(17, ORIGIN));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "-9223372036854775808"})
    void idsBelowOneGetArrowheadsMessageSpacesIncluded(final String id) {
        assertRejected(id, " Id must be greater than 0. ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1.0", "9223372036854775808"})
    void idsThatAreNotNumbersAreRejected(final String id) {
        assertRejected(id, "Id is not a valid integer.");
    }
}
