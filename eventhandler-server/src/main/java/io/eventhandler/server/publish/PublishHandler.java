package io.eventhandler.server.publish;

import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.delivery.EdfScheduler;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.config.LimitsConfiguration;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * {@code POST /eventhandler/publish}, the hot path, served by Grizzly directly: read the body (bounded), parse the
 * {@code EventPublishRequestDTO}, validate it as Arrowhead does, hand it to the broker (which numbers it and schedules
 * its dispatch) and answer 200 with an empty body and the topic's publisher retention N in {@code Eh-Retention}.
 * Errors are the same {@code ErrorMessageDTO}s the Jersey endpoints give.
 *
 * <p>A 200 means the event is accepted in memory (numbered, held for replay, scheduled for delivery). With
 * {@code Eh-Durable: true} on the request, or {@code eh.history.sync=true}, it means more: the event is committed to
 * the durable history (a crash of the process does not lose it), and the answer carries {@code Eh-Durable: true} and
 * the event's number in {@code X-Event-Sequence}.
 * The request is then suspended, not its worker thread, until the writer's batch commit (group commit). While the
 * durable history cannot be written such a publish is answered 503 without accepting the event; if writing fails
 * after it was accepted, 503 says that it is delivered from memory but not durable.
 *
 * <p>{@link BatchPublishHandler} takes many events in one request through the same {@link PublishIntake} and
 * {@link PublishAcceptor}.
 */
public final class PublishHandler extends PublishEndpoint {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;
    /** The largest body a selector thread parses itself; a larger one goes to a worker. */
    static final int SELECTOR_MAX_BODY_BYTES = 16 * 1024;

    private final int maxBodyBytes;

    public PublishHandler(final PublishIntake intake, final PublishAcceptor acceptor, final ObjectReader reader,
                          final EdfScheduler dispatches, final BooleanSupplier selectorKeepsUp,
                          final int maxBodyBytes) {
        super(intake, acceptor, reader, ORIGIN, dispatches, selectorKeepsUp);
        this.maxBodyBytes = maxBodyBytes;
    }

    /**
     * Whether the selector thread that read this request may serve it (when the server lets selectors serve
     * publishes at all): a POST whose body of a declared length up to {@link #SELECTOR_MAX_BODY_BYTES} has arrived
     * whole, answered at once; not one asking for a durable acknowledgement, which waits for the writer's commit.
     */
    public static boolean servableOnSelector(final Request request) {
        final long length = request.getContentLengthLong();
        return request.getMethod() == Method.POST && length >= 0 && length <= SELECTOR_MAX_BODY_BYTES
                && !PublishAcceptor.durableAsked(request);
    }

    @Override
    List<EventDraft> drafts(final Request request) throws IOException {
        final byte[] body = intake.readBody(request, maxBodyBytes, LimitsConfiguration.MAX_BODY_BYTES.key());
        // no body is a null request, as on the Jersey endpoints (and in Arrowhead), not a JSON error
        final EventPublishRequestDTO dto = body.length == 0 ? null : reader.readValue(body);
        final EventDraft draft = intake.validate(request, dto, ORIGIN);
        intake.admit(request, draft, body.length, ORIGIN);
        return List.of(draft);
    }
}
