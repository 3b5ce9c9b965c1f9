package io.eventhandler.server.publish;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.JournalAck;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.RequestRouter;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Hands validated events to the broker, in order, and answers the publish: 200 with an empty body and the largest
 * publisher retention of their topics in {@code Eh-Retention} once they are accepted in memory, or, durably, once
 * every one of them is committed to the durable history (503 or 409 when that cannot be).
 */
public final class PublishAcceptor {

    private static final Logger LOG = LoggerFactory.getLogger(PublishAcceptor.class);

    private final Broker broker;
    private final GrizzlyResponses responses;
    private final ToIntFunction<String> retention;
    private final HistoryService history;
    private final StageRecorder stages;
    private final Fence fence;
    private final Predicate<EventDraft> heldCopy;

    /**
     * Whether a publish may be acknowledged now (a primary fenced off from its lost backup may not), checked again
     * right before the 200 is written: a request that waited across a pause (a stopped process) is refused. An
     * answer already past this check when the process froze still goes out after the pause; no check can stop it.
     */
    public record Fence(BooleanSupplier acknowledging, Runnable refused) {
        public static final Fence NONE = new Fence(() -> true, () -> { });
    }

    /**
     * @param retention the publisher retention N of a (normalised) topic, answered as {@code Eh-Retention} so that
     *                  publishers know how many events to keep for a failover
     * @param stages    where the accept stage is recorded ({@link StageRecorder#NONE} unless calibrating)
     * @param heldCopy  whether an event is a publisher's resend of one already held under its number (after a
     *                  take-over): acknowledged without being accepted again
     */
    public PublishAcceptor(final Broker broker, final GrizzlyResponses responses,
                           final ToIntFunction<String> retention, final HistoryService history,
                           final StageRecorder stages, final Fence fence, final Predicate<EventDraft> heldCopy) {
        this.fence = fence;
        this.heldCopy = heldCopy;
        this.broker = broker;
        this.responses = responses;
        this.retention = retention;
        this.history = history;
        this.stages = stages;
    }

    /** Now, for {@link #accept}'s {@code received}; 0 when not calibrating. */
    long received() {
        return stages.received();
    }

    /** Whether every publish waits for the durable commit ({@code eh.history.sync=true}). */
    boolean syncByDefault() {
        return history.syncByDefault();
    }

    /** Whether the request asks for a durable acknowledgement with {@code Eh-Durable: true}. */
    static boolean durableAsked(final Request request) {
        return "true".equalsIgnoreCase(request.getHeader(EventHandlerApi.DURABLE_HEADER));
    }

    /** Accept the events in order and answer 200; each is charged its share of the time since {@code received}. */
    void accept(final List<EventDraft> drafts, final long received, final Response response, final String origin)
            throws IOException {
        int accepted = 0;
        try {
            for (final EventDraft draft : drafts) {
                if (!heldCopy.test(draft)) {
                    broker.accept(draft);
                }
                accepted++;
            }
        } catch (final RuntimeException e) {
            internalError(response, e, accepted, drafts.size(), origin);
            return;
        }
        stages.accepted(received, accepted);
        ok(response, drafts, null);
    }

    /** Accept, and answer once every event is committed to the durable history (or one cannot be). */
    void acceptDurably(final List<EventDraft> drafts, final Response response, final String origin)
            throws IOException {
        final Optional<ArrowheadException> refused = durableRefusal(drafts.size(), origin);
        if (refused.isPresent()) {
            responses.error(response, refused.get().status(), refused.get().type(), refused.get().getMessage(),
                    origin);
            return;
        }
        final List<EventDraft> fresh = drafts.stream().filter(draft -> !heldCopy.test(draft)).toList();
        if (fresh.isEmpty()) { // resends of copies taken over: held already (not durable here, as any copy)
            ok(response, drafts, null);
            return;
        }
        response.suspend();
        final DurableAnswer answer = new DurableAnswer(fresh, response, origin);
        int accepted = 0;
        try {
            for (final EventDraft draft : fresh) {
                broker.accept(draft, answer);
                accepted++;
            }
        } catch (final RuntimeException e) {
            final int done = accepted;
            answer.once(() -> internalError(response, e, done, fresh.size(), origin));
        }
    }

    /**
     * Accept for an entry point that is not HTTP (MQTT), as {@link #accept} and {@link #acceptDurably} do: completes
     * with the largest publisher retention of the events' topics once they are accepted (and, if {@code durable} or
     * {@code eh.history.sync}, committed), or exceptionally with the {@link ArrowheadException} HTTP would answer.
     */
    public CompletableFuture<Integer> accept(final List<EventDraft> drafts, final boolean durable,
                                             final String origin) {
        final long received = stages.received();
        final boolean waits = durable || syncByDefault();
        final Optional<ArrowheadException> refused = waits ? durableRefusal(drafts.size(), origin) : Optional.empty();
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        final CompletableFuture<Integer> answer = new CompletableFuture<>();
        // resends of copies taken over are held already (not durable here, as any copy), as on HTTP
        final List<EventDraft> fresh = drafts.stream().filter(draft -> !heldCopy.test(draft)).toList();
        final FutureAnswer ack = waits && !fresh.isEmpty() ? new FutureAnswer(drafts, fresh.size(), answer, origin)
                : null;
        int accepted = 0;
        try {
            for (final EventDraft draft : fresh) {
                if (ack == null) {
                    broker.accept(draft);
                } else {
                    broker.accept(draft, ack);
                }
                accepted++;
            }
        } catch (final RuntimeException e) {
            answer.completeExceptionally(internalError(e, accepted, fresh.size(), origin));
            return answer;
        }
        if (ack == null) {
            stages.accepted(received, drafts.size());
            acknowledge(answer, drafts, origin);
        }
        return answer;
    }

    private void acknowledge(final CompletableFuture<Integer> answer, final List<EventDraft> drafts,
                             final String origin) {
        if (acknowledging()) {
            answer.complete(largestRetention(drafts));
        } else {
            answer.completeExceptionally(new ArrowheadException(ExceptionType.UNAVAILABLE, 503,
                    RequestRouter.FENCED, origin));
        }
    }

    /** The refusal of a durable publish that cannot be honoured now, if it cannot (nothing is accepted then). */
    private Optional<ArrowheadException> durableRefusal(final int events, final String origin) {
        final Optional<String> unavailable = history.durableAckUnavailable();
        if (unavailable.isEmpty()) {
            return Optional.empty();
        }
        final String what = events == 1 ? "the event was not" : "none of the " + events + " events was";
        if (history.mode() == HistoryMode.DURABLE) {
            // why it cannot (a path, a database message) is for the operator: the log and /mgmt/history
            return Optional.of(new ArrowheadException(ExceptionType.UNAVAILABLE, 503, "The durable history cannot be"
                    + " written now; " + what + " accepted. Retry later, or publish without "
                    + EventHandlerApi.DURABLE_HEADER + " to have it delivered from memory.", origin));
        }
        return Optional.of(new ArrowheadException(ExceptionType.INVALID_PARAMETER, 409,
                EventHandlerApi.DURABLE_HEADER + ": true cannot be honoured: " + unavailable.get() + ".", origin));
    }

    /** Whether an acknowledgement may go out now; if not, the fence counts the refusal. */
    private boolean acknowledging() {
        if (fence.acknowledging().getAsBoolean()) {
            return true;
        }
        fence.refused().run();
        return false;
    }

    private int largestRetention(final List<EventDraft> drafts) {
        int largest = 0;
        for (final EventDraft draft : drafts) {
            largest = Math.max(largest, retention.applyAsInt(draft.topic()));
        }
        return largest;
    }

    private void ok(final Response response, final List<EventDraft> drafts, final Event durable)
            throws IOException {
        if (!acknowledging()) {
            response.setHeader("Retry-After", "1");
            responses.error(response, 503, ExceptionType.UNAVAILABLE, RequestRouter.FENCED, EventHandlerApi.BASE_PATH
                    + EventHandlerApi.PUBLISH);
            return;
        }
        final int largest = largestRetention(drafts);
        response.setStatus(200);
        response.setHeader(EventHandlerApi.RETENTION_HEADER, Integer.toString(largest));
        if (durable != null) {
            response.setHeader(EventHandlerApi.DURABLE_HEADER, "true");
            response.setHeader(EventHandlerApi.SEQUENCE_HEADER, Long.toString(durable.sequence()));
        }
        response.setContentLength(0);
        response.flush();
    }

    /** A 500; what was accepted before the failure is delivered, and the answer says how much that is. */
    private void internalError(final Response response, final RuntimeException e, final int accepted,
                               final int events, final String origin) throws IOException {
        final ArrowheadException error = internalError(e, accepted, events, origin);
        responses.error(response, error.status(), error.type(), error.getMessage(), origin);
    }

    private static ArrowheadException internalError(final RuntimeException e, final int accepted, final int events,
                                                    final String origin) {
        LOG.error("accepting a published event failed ({} of {} accepted before)", accepted, events, e);
        final String extent = events == 1 ? "" : "; the first " + accepted + " of the " + events
                + " events were accepted and are delivered, the rest not";
        return new ArrowheadException(ExceptionType.GENERIC, 500, "Internal error: " + e.getClass().getSimpleName()
                + extent, origin);
    }

    /** The one answer of {@link #accept(List, boolean, String)} when it waits for the durable commit. */
    private final class FutureAnswer implements JournalAck {
        private final List<EventDraft> drafts;
        private final CompletableFuture<Integer> answer;
        private final String origin;
        private final AtomicInteger pending;

        /** @param pending how many of {@code drafts} are to be committed (those not held already) */
        FutureAnswer(final List<EventDraft> drafts, final int pending, final CompletableFuture<Integer> answer,
                     final String origin) {
            this.drafts = drafts;
            this.answer = answer;
            this.origin = origin;
            this.pending = new AtomicInteger(pending);
        }

        @Override
        public void durable(final Event event) {
            if (pending.decrementAndGet() == 0) {
                acknowledge(answer, drafts, origin);
            }
        }

        @Override
        public void failed(final String reason) {
            answer.completeExceptionally(new ArrowheadException(ExceptionType.UNAVAILABLE, 503, "Accepted and"
                    + " delivered from memory, but not durable: the durable history cannot be written now. Do not"
                    + " publish again (subscribers would get it twice).", origin));
        }
    }

    @FunctionalInterface
    private interface Answer {
        void write() throws IOException;
    }

    /**
     * The one answer of a durable publish: 200 when the last of its events is committed (the writer commits them
     * in the order they were accepted), or 503 as soon as one of them will not be.
     */
    private final class DurableAnswer implements JournalAck {
        private final List<EventDraft> drafts;
        private final Response response;
        private final String origin;
        private final AtomicInteger pending;
        private final AtomicBoolean answered = new AtomicBoolean();

        DurableAnswer(final List<EventDraft> drafts, final Response response, final String origin) {
            this.drafts = drafts;
            this.response = response;
            this.origin = origin;
            this.pending = new AtomicInteger(drafts.size());
        }

        @Override
        public void durable(final Event event) {
            if (pending.decrementAndGet() == 0) {
                once(() -> ok(response, drafts, event));
            }
        }

        @Override
        public void failed(final String reason) {
            // the reason (a path, a database message) is for the operator: the log and /mgmt/history
            final String what = drafts.size() == 1
                    ? "The event was accepted and is delivered from memory, but it is not durable"
                    : "The events were accepted and are delivered from memory, but not all of them are durable";
            once(() -> responses.error(response, 503, ExceptionType.UNAVAILABLE, what + ": the durable history "
                    + "cannot be written now. Do not publish " + (drafts.size() == 1 ? "it" : "them")
                    + " again (subscribers would get " + (drafts.size() == 1 ? "it" : "them") + " twice).", origin));
        }

        void once(final Answer answer) {
            if (!answered.compareAndSet(false, true)) {
                return;
            }
            try {
                answer.write();
            } catch (final IOException e) {
                LOG.debug("answering a durable publish failed: {}", e.toString());
            } finally {
                response.resume();
            }
        }
    }
}
