package io.eventhandler.server.arrowhead;

import io.eventhandler.server.config.ArrowheadConfiguration;

import java.time.Duration;

/**
 * The timing of {@link ServiceRegistration}.
 *
 * @param retryInitial  first wait after the Service Registry could not be reached; doubled after each failure
 * @param retryMax      longest such wait
 * @param checkInterval how often the registrations are checked and restored once made
 * @param closeTimeout  how long closing waits for the unregistrations
 */
public record RegistrationSchedule(Duration retryInitial, Duration retryMax, Duration checkInterval,
                                   Duration closeTimeout) {

    public RegistrationSchedule {
        if (retryInitial.isNegative() || retryInitial.isZero() || retryMax.compareTo(retryInitial) < 0
                || checkInterval.isNegative() || checkInterval.isZero() || closeTimeout.isNegative()) {
            throw new IllegalArgumentException("invalid registration schedule: " + retryInitial + ", " + retryMax
                    + ", " + checkInterval + ", " + closeTimeout);
        }
    }

    /**
     * From {@code eh.sr.retry.initial.ms}, {@code eh.sr.retry.max.ms} and {@code eh.sr.check.interval.ms}; closing
     * waits up to {@code eh.core.response.timeout.ms}.
     */
    public static RegistrationSchedule from(final ArrowheadConfiguration configuration) {
        return new RegistrationSchedule(Duration.ofMillis(configuration.registryRetryInitialMs()),
                Duration.ofMillis(configuration.registryRetryMaxMs()),
                Duration.ofMillis(configuration.registryCheckIntervalMs()),
                Duration.ofMillis(configuration.coreResponseTimeoutMs()));
    }

    /** The wait after {@code current}: doubled, at most {@link #retryMax}. */
    public Duration nextRetry(final Duration current) {
        final Duration doubled = current.multipliedBy(2);
        return doubled.compareTo(retryMax) > 0 ? retryMax : doubled;
    }
}
