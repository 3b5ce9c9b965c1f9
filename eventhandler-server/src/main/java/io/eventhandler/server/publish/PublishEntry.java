package io.eventhandler.server.publish;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code POST /eventhandler/publish} for an entry point that is not HTTP (MQTT): the same {@link PublishIntake} as the
 * HTTP handlers (the access check, Arrowhead's validation, the topic limit and the publisher's rate limit, which
 * counts a publisher's events over every entry point) and the same {@link PublishAcceptor}.
 */
public final class PublishEntry {

    private final PublishIntake intake;
    private final PublishAcceptor acceptor;

    public PublishEntry(final PublishIntake intake, final PublishAcceptor acceptor) {
        this.intake = intake;
        this.acceptor = acceptor;
    }

    /**
     * Check, count and accept one event.
     *
     * @param caller    the caller as the {@code AccessControl} identified it; empty when callers are not identified
     * @param bytes     the size of the event's JSON, counted against the publisher's byte rate
     * @param clientKey the client in plain mode, where the system name is only a claim (starts with '@')
     * @param durable   answer only once the event is committed to the durable history
     * @return completes with the publisher retention N of the event's topic, or exceptionally with the
     *         {@link ArrowheadException} the HTTP endpoint would have answered
     * @throws ArrowheadException when it is refused before anything is accepted
     */
    public CompletableFuture<Integer> publish(final Optional<SystemIdentity> caller, final EventPublishRequestDTO dto,
                                              final int bytes, final String clientKey, final boolean durable,
                                              final String origin) {
        final EventDraft draft = intake.validate(caller, dto, origin);
        intake.admit(clientKey, draft, bytes, origin);
        return acceptor.accept(List.of(draft), durable, origin);
    }
}
