package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.delivery.EdfScheduler;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.PayloadTooLargeException;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.nio.SelectorRunner;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.threadpool.Threads;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The flow both publish endpoints follow: a JSON POST, its events checked and counted by the {@link PublishIntake}
 * (a refusal answered before anything is accepted), then accepted by the {@link PublishAcceptor}, durably when the
 * request or {@code eh.history.sync} asks for it. Subclasses only read their body into events.
 *
 * <p>On a selector thread (a small publish, see {@code HttpFrontEnd}) the events' dispatches are held while the
 * request is served and run by this thread after the answer is written ({@link EdfScheduler#hold}): the publisher
 * has its answer first, and no delivery worker is woken for a few subscribers.
 */
abstract class PublishEndpoint extends HttpHandler {

    protected final PublishIntake intake;
    protected final ObjectReader reader;
    private final PublishAcceptor acceptor;
    private final String origin;
    private final EdfScheduler dispatches;
    /** Whether the selector thread serving a request ran out of work lately (false: its clients wait for it). */
    private final BooleanSupplier selectorKeepsUp;

    PublishEndpoint(final PublishIntake intake, final PublishAcceptor acceptor, final ObjectReader reader,
                    final String origin, final EdfScheduler dispatches, final BooleanSupplier selectorKeepsUp) {
        this.dispatches = dispatches;
        this.selectorKeepsUp = selectorKeepsUp;
        this.intake = intake;
        this.acceptor = acceptor;
        this.reader = reader.forType(EventPublishRequestDTO.class);
        this.origin = origin;
    }

    /** A refusal of one event of a batch, answered with the event's index. */
    static final class EventRefused extends Exception {
        private final int index;
        private final Exception refusal;

        EventRefused(final int index, final Exception refusal) {
            super(null, null, false, false);
            this.index = index;
            this.refusal = refusal;
        }
    }

    /** The request's events, checked and counted against their publishers' limits; refused with an exception. */
    abstract List<EventDraft> drafts(Request request) throws IOException, EventRefused;

    @Override
    public final void service(final Request request, final Response response) throws Exception {
        if (!Threads.isService()) {
            serve(request, response);
            return;
        }
        // a selector that has not run out of work lately has publishers waiting for it: leave a fan-out beyond the
        // inline limit to a worker, so that the next request is read without waiting for those writes
        dispatches.hold(aloneOnSelector(request) && selectorKeepsUp.getAsBoolean());
        try {
            serve(request, response);
        } finally {
            dispatches.runHeld();
        }
    }

    /** Whether the selector serving this request found no other socket ready in its last select. */
    private static boolean aloneOnSelector(final Request request) {
        // read once: a closing connection detaches its runner (null) concurrently
        final SelectorRunner runner = request.getConnection() instanceof NIOConnection connection
                ? connection.getSelectorRunner() : null;
        return runner != null && runner.getLastSelectedKeysCount() <= 1;
    }

    private void serve(final Request request, final Response response) throws Exception {
        final long received = acceptor.received();
        if (!intake.jsonPost(request, response, origin)) {
            return;
        }
        final List<EventDraft> drafts;
        try {
            drafts = drafts(request);
        } catch (final ArrowheadException | PayloadTooLargeException | JsonProcessingException e) {
            intake.refuse(response, e, "", origin);
            return;
        } catch (final EventRefused e) {
            intake.refuse(response, e.refusal, "Event at index " + e.index + " of the batch: ", origin);
            return;
        }
        if (acceptor.syncByDefault() || PublishAcceptor.durableAsked(request)) {
            acceptor.acceptDurably(drafts, response, origin);
        } else {
            acceptor.accept(drafts, received, response, origin);
        }
    }
}
