package io.eventhandler.server.store;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.eventhandler.server.store.Fixtures.plain;
import static io.eventhandler.server.store.Fixtures.system;
import static io.eventhandler.server.store.Fixtures.tickingClock;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Paging and sorting in the database, in both directions, with Arrowhead's page and size semantics. */
class SubscriptionStorePagingTest {

    private static final String ORIGIN = "/eventhandler/mgmt/subscriptions";

    @TempDir
    Path tempDir;

    static Stream<StoreTarget> targets() {
        return StoreTarget.all();
    }

    /** Five subscriptions, created in id order; the second one updated last. */
    private static List<Long> fill(final SubscriptionStore store) {
        final List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(store.save(plain("type-" + i, system("consumer", 9000 + i))).id());
        }
        store.update(ids.get(1), plain("type-1", system("consumer", 9001)));
        return ids;
    }

    private static List<Long> ids(final SubscriptionStore store, final String page, final String size,
                                  final String direction, final String sortField) {
        final SubscriptionPage result = store.page(PageRequest.parse(page, size, direction, sortField, ORIGIN));
        assertEquals(5, result.totalCount(), "the count is of all subscriptions, not of the page");
        return result.items().stream().map(StoredSubscription::id).toList();
    }

    private static List<Long> pick(final List<Long> ids, final int... indexes) {
        final List<Long> picked = new ArrayList<>();
        for (final int index : indexes) {
            picked.add(ids.get(index));
        }
        return picked;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void sortsByEachFieldInBothDirections(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = target.open(target.fresh(tempDir), tickingClock())) {
            final List<Long> ids = fill(store);

            assertEquals(ids, ids(store, null, null, null, null));
            assertEquals(ids, ids(store, null, null, "asc", "id"));
            assertEquals(pick(ids, 4, 3, 2, 1, 0), ids(store, null, null, "DESC", "id"));
            assertEquals(ids, ids(store, null, null, "ASC", "createdAt"));
            assertEquals(pick(ids, 4, 3, 2, 1, 0), ids(store, null, null, "desc", "createdAt"));
            assertEquals(pick(ids, 0, 2, 3, 4, 1), ids(store, null, null, "Asc", "updatedAt"));
            assertEquals(pick(ids, 1, 4, 3, 2, 0), ids(store, null, null, "DESC", "updatedAt"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void pagesFollowArrowheadsPageAndSizeRules(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = target.open(target.fresh(tempDir), tickingClock())) {
            final List<Long> ids = fill(store);

            assertEquals(pick(ids, 0, 1), ids(store, "0", "2", null, null));
            assertEquals(pick(ids, 2, 3), ids(store, "1", "2", null, null));
            assertEquals(pick(ids, 4), ids(store, "2", "2", null, null));
            assertEquals(List.of(), ids(store, "3", "2", null, null));
            assertEquals(pick(ids, 2, 1), ids(store, "1", "2", "DESC", "id"));
            assertEquals(pick(ids, 3, 2), ids(store, "1", "2", "DESC", "updatedAt"));
            assertEquals(pick(ids, 0, 1), ids(store, "-4", "2", null, null), "a negative page is the first");
            assertEquals(ids, ids(store, "0", "0", null, null), "a size below one is no limit");
            assertEquals(ids, ids(store, "0", "-1", null, null));
            assertEquals(List.of(), ids(store, "1", "0", null, null), "as Spring Data: page 1 of unlimited pages");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void anEmptyStoreHasAnEmptyPage(final StoreTarget target) throws SQLException {
        try (SubscriptionStore store = target.open(target.fresh(tempDir), tickingClock())) {
            final SubscriptionPage page = store.page(PageRequest.ALL);
            assertEquals(List.of(), page.items());
            assertEquals(0, page.totalCount());
        }
    }
}
