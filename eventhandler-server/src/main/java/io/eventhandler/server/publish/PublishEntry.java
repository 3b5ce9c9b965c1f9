package io.eventhandler.server.publish;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.http.ArrowheadException;

import java.util.ArrayList;
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

    /**
     * Check, count and accept a batch, all or none, as {@code POST /eventhandler/publish/batch} does: the first event
     * refused is answered, its index named ({@code Event at index 2 of the batch: ...}), and none is accepted.
     *
     * @param sizes     the size of each event's JSON
     * @param maxEvents events one batch may carry; more are refused with 413
     * @return completes with the largest publisher retention of the batch's topics, or exceptionally
     * @throws ArrowheadException when it is refused before anything is accepted
     */
    public CompletableFuture<Integer> publishBatch(final Optional<SystemIdentity> caller,
                                                   final List<EventPublishRequestDTO> dtos, final List<Integer> sizes,
                                                   final String clientKey, final int maxEvents, final String origin) {
        if (dtos == null || dtos.isEmpty()) {
            throw ArrowheadException.badPayload("The batch is empty: publish at least one event.", origin);
        }
        if (dtos.size() > maxEvents) {
            throw new ArrowheadException(ExceptionType.BAD_PAYLOAD, 413, "The batch has more than " + maxEvents
                    + " events (" + LimitsConfiguration.PUBLISH_BATCH_MAX.key() + "); split it.", origin);
        }
        final List<EventDraft> drafts = new ArrayList<>();
        for (final EventPublishRequestDTO dto : dtos) {
            try {
                drafts.add(intake.validate(caller, dto, origin));
            } catch (final ArrowheadException e) {
                throw inBatch(drafts.size(), e);
            }
        }
        final int refused = intake.admitAll(clientKey, drafts, sizes);
        if (refused >= 0) {
            throw inBatch(refused, intake.overLimit(drafts.get(refused), origin));
        }
        return acceptor.accept(drafts, false, origin);
    }

    private static ArrowheadException inBatch(final int index, final ArrowheadException refusal) {
        return new ArrowheadException(refusal.type(), refusal.status(), "Event at index " + index
                + " of the batch: " + refusal.getMessage(), refusal.origin());
    }
}
