package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.delivery.EdfScheduler;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import org.glassfish.grizzly.http.server.Request;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

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
public final class BatchPublishHandler extends PublishEndpoint {

    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH;

    private final int maxEvents;
    private final int maxBodyBytes;

    /**
     * @param selectorKeepsUp whether the selector thread serving a request ran out of work lately
     * @param maxEvents      events one batch may carry ({@code eh.publish.batch.max})
     * @param maxBodyBytes   body bytes one batch may have ({@code eh.publish.batch.max.bytes})
     */
    public BatchPublishHandler(final PublishIntake intake, final PublishAcceptor acceptor, final ObjectReader reader,
                               final EdfScheduler dispatches, final BooleanSupplier selectorKeepsUp,
                               final int maxEvents, final int maxBodyBytes) {
        super(intake, acceptor, reader, ORIGIN, dispatches, selectorKeepsUp);
        this.maxEvents = maxEvents;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    List<EventDraft> drafts(final Request request) throws IOException, EventRefused {
        if (PublishAcceptor.durableAsked(request)) {
            throw ArrowheadException.badPayload(EventHandlerApi.DURABLE_HEADER + ": true is not supported for "
                    + "batches; publish singly for a durable acknowledgement.", ORIGIN);
        }
        return drafts(request, intake.readBody(request, maxBodyBytes, LimitsConfiguration.PUBLISH_BATCH_MAX_BYTES.key()));
    }

    /** Every event of the batch checked, and then counted against its publishers' limits, all or none. */
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
                            + maxEvents + " events (" + LimitsConfiguration.PUBLISH_BATCH_MAX.key() + "); split it.",
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
        final int refused = intake.admitAll(request, drafts, sizes);
        if (refused >= 0) {
            throw new EventRefused(refused, intake.overLimit(drafts.get(refused), ORIGIN));
        }
        return drafts;
    }
}
