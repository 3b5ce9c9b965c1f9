package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.PayloadTooLargeException;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code POST /eventhandler/publish/batch}: a JSON array of {@code EventPublishRequestDTO}s, as a proxy or gateway
 * sends one event per topic for many topics each period. All or none: every event is parsed, checked and counted
 * against its publisher's rate limit first; the first refused one is answered, naming its index, and none is
 * accepted. Otherwise all are accepted in array order and the answer is 200 with an empty body and the largest
 * publisher retention of the batch's topics in {@code Eh-Retention}.
 *
 * <p>{@code Eh-Durable: true} is refused (400): publish singly for a per-event durable acknowledgement. With
 * {@code eh.history.sync=true} the answer waits until every event of the batch is committed; {@code X-Event-Sequence}
 * is then the number of the last event.
 */
public final class BatchPublishHandler extends HttpHandler {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH;

    private final PublishIntake intake;
    private final PublishAcceptor acceptor;
    private final ObjectReader reader;
    private final int maxEvents;
    private final int maxBodyBytes;

    /**
     * @param maxEvents    events one batch may carry ({@code eh.publish.batch.max})
     * @param maxBodyBytes body bytes one batch may have ({@code eh.publish.batch.max.bytes})
     */
    public BatchPublishHandler(final PublishIntake intake, final PublishAcceptor acceptor, final ObjectReader reader,
                               final int maxEvents, final int maxBodyBytes) {
        this.intake = intake;
        this.acceptor = acceptor;
        this.reader = reader.forType(EventPublishRequestDTO.class);
        this.maxEvents = maxEvents;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        final long received = StageRecorder.global().received();
        if (!intake.jsonPost(request, response, ORIGIN)) {
            return;
        }
        final List<EventDraft> drafts;
        try {
            if (PublishAcceptor.durableAsked(request)) {
                throw ArrowheadException.badPayload(EventHandlerApi.DURABLE_HEADER + ": true is not supported for "
                        + "batches; publish singly for a durable acknowledgement.", ORIGIN);
            }
            drafts = drafts(request, intake.readBody(request, maxBodyBytes));
        } catch (final ArrowheadException | PayloadTooLargeException | JsonProcessingException e) {
            intake.refuse(response, e, "", ORIGIN);
            return;
        } catch (final EventRefused e) {
            intake.refuse(response, e.refusal, "Event at index " + e.index + " of the batch: ", ORIGIN);
            return;
        }
        if (acceptor.syncByDefault()) {
            acceptor.acceptDurably(drafts, response, ORIGIN);
        } else {
            acceptor.accept(drafts, received, response, ORIGIN);
        }
    }

    /** Every event of the batch checked, and then counted against its publisher's limits. */
    private List<EventDraft> drafts(final Request request, final byte[] body) throws IOException, EventRefused {
        final List<EventDraft> drafts = new ArrayList<>();
        final List<Integer> sizes = new ArrayList<>();
        try (JsonParser parser = reader.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw ArrowheadException.badPayload("A batch publish is a JSON array of event publish requests.",
                        ORIGIN);
            }
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                if (drafts.size() == maxEvents) {
                    throw new ArrowheadException(ExceptionType.BAD_PAYLOAD, 413, "The batch has more than "
                            + maxEvents + " events (" + ServerConfiguration.PUBLISH_BATCH_MAX + "); split it.",
                            ORIGIN);
                }
                final long start = parser.currentTokenLocation().getByteOffset();
                try {
                    drafts.add(intake.validate(request, reader.readValue(parser), ORIGIN));
                } catch (final ArrowheadException | JsonProcessingException e) {
                    throw new EventRefused(drafts.size(), e);
                }
                sizes.add((int) (parser.currentLocation().getByteOffset() - start));
            }
            if (parser.nextToken() != null) {
                throw ArrowheadException.badPayload("Content after the batch's JSON array.", ORIGIN);
            }
        }
        if (drafts.isEmpty()) {
            throw ArrowheadException.badPayload("The batch is empty: publish at least one event.", ORIGIN);
        }
        for (int i = 0; i < drafts.size(); i++) {
            try {
                intake.admit(drafts.get(i), sizes.get(i), ORIGIN);
            } catch (final ArrowheadException e) {
                throw new EventRefused(i, e);
            }
        }
        return drafts;
    }

    /** A refusal of one event of the batch, to be answered with its index. */
    private static final class EventRefused extends Exception {
        private final int index;
        private final Exception refusal;

        EventRefused(final int index, final Exception refusal) {
            super(null, null, false, false);
            this.index = index;
            this.refusal = refusal;
        }
    }
}
