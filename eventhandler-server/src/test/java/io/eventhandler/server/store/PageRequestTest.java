package io.eventhandler.server.store;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.store.PageRequest.Direction;
import io.eventhandler.server.store.PageRequest.SortField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The management API's paging parameters, checked in Arrowhead 4.6's order with its messages
 * ({@code CoreUtilities.validatePageParameters}, {@code calculateDirection}, {@code EventHandlerDBService}).
 */
class PageRequestTest {

    private static final String ORIGIN = "/eventhandler/mgmt/subscriptions";

    private static void assertRejected(final ExceptionType type, final String message, final String page,
                                       final String size, final String direction, final String sortField) {
        final ArrowheadException e = assertThrows(ArrowheadException.class,
                () -> PageRequest.parse(page, size, direction, sortField, ORIGIN));
        assertEquals(type, e.type());
        assertEquals(400, e.status());
        assertEquals(message, e.getMessage());
        assertEquals(ORIGIN, e.origin());
    }

    @Test
    void withoutParametersEverySubscriptionByAscendingId() {
        assertEquals(PageRequest.ALL, PageRequest.parse(null, null, null, null, ORIGIN));
        assertEquals(PageRequest.ALL, PageRequest.parse("", "", "", "", ORIGIN));
        assertEquals(new PageRequest(0, Integer.MAX_VALUE, Direction.ASC, SortField.ID), PageRequest.ALL);
    }

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {
        "3,    10,   30",
        "0,    10,   0",
        "-2,   10,   0",
        "1,    0,    2147483647",
        "' 2', -5,   4294967294",
    })
    void pageAndSizeGivenTogether(final String page, final String size, final long offset) {
        final PageRequest request = PageRequest.parse(page, size, null, null, ORIGIN);
        assertEquals(offset, request.offset());
        assertEquals(Math.max(0, Integer.parseInt(page.trim())), request.page());
        assertEquals(Integer.parseInt(size) < 1 ? Integer.MAX_VALUE : Integer.parseInt(size), request.size());
    }

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {"1, null", "null, 5", "1, ''", "'', 5"})
    void pageWithoutSizeOrSizeWithoutPageIsRejected(final String page, final String size) {
        assertRejected(ExceptionType.BAD_PAYLOAD, "Defined page or size could not be with undefined size or page.",
                page, size, null, null);
    }

    @ParameterizedTest
    @CsvSource({"asc, ASC", "ASC, ASC", "' Desc ', DESC", "desc, DESC"})
    void directionIsCaseInsensitive(final String direction, final Direction expected) {
        assertEquals(expected, PageRequest.parse(null, null, direction, null, ORIGIN).direction());
    }

    @ParameterizedTest
    @CsvSource({"up", "' '", "ascending"})
    void anotherDirectionIsRejected(final String direction) {
        assertRejected(ExceptionType.BAD_PAYLOAD, "Invalid sort direction flag", null, null, direction, null);
    }

    @ParameterizedTest
    @CsvSource({"id, ID", "createdAt, CREATED_AT", "' updatedAt ', UPDATED_AT", "'  ', ID"})
    void sortFieldsAreArrowheads(final String sortField, final SortField expected) {
        assertEquals(expected, PageRequest.parse(null, null, null, sortField, ORIGIN).sortField());
    }

    @ParameterizedTest
    @CsvSource({"createdat, createdat", "' name ', name", "eventType, eventType"})
    void anotherSortFieldIsRejected(final String sortField, final String named) {
        assertRejected(ExceptionType.INVALID_PARAMETER, named + " sortable field is not available.", null, null,
                null, sortField);
    }

    @Test
    void checksRunInArrowheadsOrder() {
        assertRejected(ExceptionType.BAD_PAYLOAD, "Defined page or size could not be with undefined size or page.",
                "1", null, "sideways", "name");
        assertRejected(ExceptionType.BAD_PAYLOAD, "Invalid sort direction flag", "1", "2", "sideways", "name");
    }

    @ParameterizedTest
    @CsvSource({"x, 2, page", "1.5, 2, page", "1, ten, item_per_page", "99999999999, 2, page"})
    void numbersThatAreNotIntegersAreRejected(final String page, final String size, final String named) {
        assertRejected(ExceptionType.BAD_PAYLOAD, "Parameter " + named + " is not a valid integer.", page, size,
                null, null);
    }
}
