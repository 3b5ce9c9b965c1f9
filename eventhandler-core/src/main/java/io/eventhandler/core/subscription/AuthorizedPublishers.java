package io.eventhandler.core.subscription;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.SystemRef;

import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Which publishers may reach one subscriber, replaceable while the subscription stays attached: an authorization
 * update changes who gets through without re-attaching (which would drop what is queued). As a filter it passes the
 * events of permitted publishers.
 */
public final class AuthorizedPublishers implements EventFilter {

    private volatile Predicate<SystemRef> permitted;
    private volatile String description;

    private AuthorizedPublishers(final Predicate<SystemRef> permitted, final String description) {
        this.permitted = permitted;
        this.description = description;
    }

    /** Every publisher (no authorization in force). */
    public static AuthorizedPublishers everyone() {
        return new AuthorizedPublishers(publisher -> true, "everyone");
    }

    /** Exactly these systems (name, address and port), as the Authorization system answers. */
    public static AuthorizedPublishers systems(final Set<SystemRef> systems) {
        final AuthorizedPublishers publishers = everyone();
        publishers.permitSystems(systems);
        return publishers;
    }

    /** Systems with these names, at any address (a local policy by name). */
    public static AuthorizedPublishers names(final Set<String> names) {
        final AuthorizedPublishers publishers = everyone();
        publishers.permitNames(names);
        return publishers;
    }

    /** From now on, exactly these systems. */
    public void permitSystems(final Set<SystemRef> systems) {
        final Set<SystemRef> copy = Set.copyOf(systems);
        permitted = copy::contains;
        description = copy.toString();
    }

    /** From now on, systems with these names. */
    public void permitNames(final Set<String> names) {
        final Set<String> lower = names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        permitted = publisher -> lower.contains(publisher.name());
        description = "names " + lower;
    }

    /**
     * From now on, whoever {@code permitted} admits when asked, event by event: a decision the cloud keeps (and
     * changes) outside this filter. It must answer from memory, never block.
     */
    public void permitWhere(final Predicate<SystemRef> permitted, final String description) {
        this.permitted = permitted;
        this.description = description;
    }

    /** From now on, as {@code other} permits. */
    public void permitAs(final AuthorizedPublishers other) {
        permitted = other.permitted;
        description = other.description;
    }

    public boolean permits(final SystemRef publisher) {
        return permitted.test(publisher);
    }

    @Override
    public boolean accepts(final Event event) {
        return permitted.test(event.source());
    }

    @Override
    public String toString() {
        return description;
    }
}
