package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.PayloadTooLargeException;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.util.List;

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
public final class PublishHandler extends HttpHandler {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;

    private final PublishIntake intake;
    private final PublishAcceptor acceptor;
    private final ObjectReader reader;
    private final int maxBodyBytes;

    public PublishHandler(final PublishIntake intake, final PublishAcceptor acceptor, final ObjectReader reader,
                          final int maxBodyBytes) {
        this.intake = intake;
        this.acceptor = acceptor;
        this.reader = reader.forType(EventPublishRequestDTO.class);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        final long received = StageRecorder.global().received();
        if (!intake.jsonPost(request, response, ORIGIN)) {
            return;
        }
        final EventDraft draft;
        try {
            final byte[] body = intake.readBody(request, maxBodyBytes);
            // no body is a null request, as on the Jersey endpoints (and in Arrowhead), not a JSON error
            final EventPublishRequestDTO dto = body.length == 0 ? null : reader.readValue(body);
            draft = intake.validate(request, dto, ORIGIN);
            intake.admit(draft, body.length, ORIGIN);
        } catch (final ArrowheadException | PayloadTooLargeException | JsonProcessingException e) {
            intake.refuse(response, e, "", ORIGIN);
            return;
        }
        if (acceptor.syncByDefault() || PublishAcceptor.durableAsked(request)) {
            acceptor.acceptDurably(List.of(draft), response, ORIGIN);
        } else {
            acceptor.accept(List.of(draft), received, response, ORIGIN);
        }
    }
}
