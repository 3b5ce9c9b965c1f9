package io.eventhandler.server.subscription;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.qos.AdmissionCheck;
import io.eventhandler.server.qos.SubscriberRequirementsDocument;
import io.eventhandler.server.store.NewSubscription;
import io.eventhandler.server.store.StoredSystem;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.server.validation.SystemValidator;
import io.eventhandler.server.validation.Text;
import io.eventhandler.server.validation.Timestamps;
import io.eventhandler.server.webhook.WebhookTarget;

import java.net.URISyntaxException;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Arrowhead 4.6's checks of a subscription request, with its messages, in its order (controller checks as
 * BAD_PAYLOAD, then the service's port and date checks as INVALID_PARAMETER), producing the subscription as it is
 * stored.
 */
public final class SubscriptionValidator {

    private final long toleranceMicros;
    private final RequestLimits limits;
    private final AdmissionCheck admission;

    public SubscriptionValidator(final int toleranceSeconds, final RequestLimits limits) {
        this(toleranceSeconds, limits, AdmissionCheck.ALWAYS);
    }

    public SubscriptionValidator(final int toleranceSeconds, final RequestLimits limits,
                                 final AdmissionCheck admission) {
        this.toleranceMicros = toleranceSeconds * 1_000_000L;
        this.limits = limits;
        this.admission = admission;
    }

    /** The extension's requests, checked for admission (any whole-number priority is valid). */
    private SubscriberRequirements requirements(final SubscriptionRequestDTO request, final String origin) {
        final SubscriberRequirements requirements;
        try {
            requirements = SubscriberRequirementsDocument.toRequirements(request.requirements());
        } catch (final IllegalArgumentException e) {
            throw ArrowheadException.badPayload("requirements: " + e.getMessage(), origin);
        }
        admission.admit(request.eventType(), requirements, origin);
        return requirements;
    }

    /**
     * The validated request as it is stored (authorization state still empty).
     *
     * @throws ArrowheadException with Arrowhead's message for the first check that fails
     */
    public NewSubscription validate(final SubscriptionRequestDTO request, final String origin) {
        if (request == null) {
            throw ArrowheadException.badPayload("Request is null.", origin);
        }
        final SystemRef subscriber = SystemValidator.validate(request.subscriberSystem(), origin);
        if (Text.isBlank(request.eventType())) {
            throw ArrowheadException.badPayload("Request.EventType is null or blank.", origin);
        }
        if (Text.isBlank(request.notifyUri())) {
            throw ArrowheadException.badPayload("Request.NotifyUri is null or blank.", origin);
        }
        if (request.matchMetaData() && (request.filterMetaData() == null || request.filterMetaData().isEmpty())) {
            throw ArrowheadException.badPayload(
                    "Request.MatchMetaData is true but Request.FilterMetaData is null or blank.", origin);
        }
        final List<SystemRef> sourceRefs = new ArrayList<>();
        final List<StoredSystem> sources = new ArrayList<>();
        if (request.sources() != null) {
            for (final SystemRequestDTO source : request.sources()) {
                sourceRefs.add(SystemValidator.validate(source, origin));
                requireValues(source.metadata(), "Request.Sources.Metadata", origin);
                sources.add(StoredSystem.of(source));
            }
        }
        SystemValidator.requirePortAtLeastOne(subscriber.port(), origin);
        final long start = date(request.startDate(), "StartDate", "Start Date", Long.MIN_VALUE, origin);
        final long end = date(request.endDate(), "EndDate", "End Date", Long.MAX_VALUE, origin);
        if (start != Long.MIN_VALUE && end != Long.MAX_VALUE && end <= start) {
            throw ArrowheadException.invalidParameter("Start Date should be before End Date", origin);
        }
        for (final SystemRef source : sourceRefs) {
            // Arrowhead finds such a source missing from its system table only when storing the subscription
            SystemValidator.requirePortAtLeastOne(source.port(), origin);
        }
        requireValues(request.filterMetaData(), "Request.FilterMetaData", origin);
        requireValues(request.subscriberSystem().metadata(), "Request.SubscriberSystem.Metadata", origin);
        limits.system(request.subscriberSystem(), "Request.SubscriberSystem", origin);
        limits.eventType(request.eventType(), "Request.EventType", origin);
        limits.metadata(request.filterMetaData(), "Request.FilterMetaData", origin);
        for (final SystemRequestDTO source : request.sources() == null ? List.<SystemRequestDTO>of()
                : request.sources()) {
            limits.system(source, "Request.Sources", origin);
        }
        final String notifyPath = notifyPath(request.notifyUri());
        try {
            // stored, a subscription whose target is no URI would fail every start of the Event Handler
            WebhookTarget.uri("http", subscriber.address(), subscriber.port(), notifyPath);
        } catch (final IllegalArgumentException e) {
            final String reason = e.getCause() instanceof URISyntaxException syntax ? syntax.getReason()
                    : e.getMessage();
            throw ArrowheadException.invalidParameter("Request.NotifyUri with the subscriber's address and port is "
                    + "not a valid URI: " + reason + ".", origin);
        }
        return new NewSubscription(request.eventType().trim(), StoredSystem.of(request.subscriberSystem()),
                request.filterMetaData(), request.matchMetaData(), notifyPath,
                start == Long.MIN_VALUE ? null : EpochMicros.toInstant(start),
                end == Long.MAX_VALUE ? null : EpochMicros.toInstant(end), sources, null, null,
                requirements(request, origin));
    }


    private long date(final String text, final String field, final String name, final long absent,
                      final String origin) {
        if (Text.isBlank(text)) {
            return absent;
        }
        final long micros;
        try {
            micros = Timestamps.parseMicros(text);
        } catch (final DateTimeParseException | ArithmeticException e) {
            throw ArrowheadException.invalidParameter(field + " is not valid.", origin);
        }
        if (micros < EpochMicros.now() - toleranceMicros) {
            throw ArrowheadException.invalidParameter(
                    name + " is further in the past than the tolerated time difference", origin);
        }
        return micros;
    }

    /**
     * A map entry without a value can be neither matched nor stored (the stored maps are immutable copies). Not
     * {@code containsValue(null)}: an immutable map throws on it.
     */
    private static void requireValues(final Map<String, String> map, final String field, final String origin) {
        if (map != null && map.values().stream().anyMatch(Objects::isNull)) {
            throw ArrowheadException.badPayload(field + " has an entry without a value.", origin);
        }
    }

    private static String notifyPath(final String notifyUri) {
        final String trimmed = notifyUri.trim();
        return trimmed.startsWith("/") ? trimmed : "/" + trimmed;
    }
}
