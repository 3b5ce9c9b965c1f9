package io.eventhandler.server.arrowhead5;

import io.eventhandler.server.arrowhead.RegistrationSchedule;
import io.eventhandler.server.runtime.Runner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Keeps the Event Handler registered in an Arrowhead 5 Service Registry: the system first, then its services (5.x
 * refuses a service of an unknown system), retried with a doubling wait while the registry cannot be reached or
 * refuses; once registered, checked every {@code eh.sr.check.interval.ms} and registered again when the registry lost
 * the system or (where they are visible to lookups) a service. Closing revokes the services and the system.
 */
final class Registration5 implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Registration5.class);

    private final ServiceRegistry5Client registry;
    private final EventHandler5Services services;
    private final RegistrationSchedule schedule;
    private final ScheduledExecutorService timer;
    private Duration retry;
    private boolean registered;
    private boolean started;
    private boolean closed;
    private int registrations;

    Registration5(final ServiceRegistry5Client registry, final EventHandler5Services services,
                  final RegistrationSchedule schedule, final Runner runner) {
        this.registry = registry;
        this.services = services;
        this.schedule = schedule;
        this.retry = schedule.retryInitial();
        this.timer = runner.timer("eh-ah5-registration", schedule.closeTimeout().multipliedBy(2));
    }

    synchronized void start() {
        if (closed) {
            return; // left before it could start (outsourced identity: before the first login)
        }
        started = true;
        run(this::register, Duration.ZERO);
    }

    /** How many times the whole registration succeeded (1 after start, more after the registry lost it). */
    synchronized int registrations() {
        return registrations;
    }

    synchronized boolean registered() {
        return registered;
    }

    private void register() {
        registry.registerSystem(services)
                .thenCompose(done -> isClosed() ? CompletableFuture.<Void>completedFuture(null)
                        : registry.registerServices(services))
                .whenComplete((done, failure) -> {
                    if (failure == null) {
                        registeredNow();
                    } else {
                        failed("register in", failure);
                    }
                });
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private synchronized void registeredNow() {
        if (closed) {
            return;
        }
        registered = true;
        registrations++;
        retry = schedule.retryInitial();
        LOG.info("Registered {} and its services {} in the Arrowhead 5 Service Registry {}", services.systemName(),
                EventHandler5Services.serviceDefinitions(), registry.baseUri());
        run(this::check, schedule.checkInterval());
    }

    private void check() {
        final CompletableFuture<Boolean> present = registry.systemKnown(services).thenCompose(known -> !known
                || !services.visibleToLookups() ? CompletableFuture.completedFuture(known)
                : registry.visibleInstances(services).thenApply(
                        n -> n == EventHandler5Services.serviceDefinitions().size()));
        present.whenComplete((all, failure) -> {
            if (failure != null) {
                failed("check the registration with", failure);
            } else if (all) {
                run(this::check, schedule.checkInterval());
            } else {
                lost();
            }
        });
    }

    private synchronized void lost() {
        registered = false;
        LOG.warn("The Arrowhead 5 Service Registry {} lost the Event Handler's registration; registering again",
                registry.baseUri());
        run(this::register, Duration.ZERO);
    }

    private synchronized void failed(final String what, final Throwable failure) {
        final Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        LOG.warn("Could not {} the Arrowhead 5 Service Registry {} ({}); trying again in {} ms", what,
                registry.baseUri(), cause.toString(), retry.toMillis());
        final Duration wait = retry;
        retry = schedule.nextRetry(retry);
        run(registered ? this::check : this::register, wait);
    }

    private synchronized void run(final Runnable task, final Duration after) {
        if (closed) {
            return;
        }
        try {
            timer.schedule(task, after.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final RejectedExecutionException e) {
            // closing
        }
    }

    /**
     * Stops checking and revokes the services and the system (once started, even if the registration never
     * completed: 204 then), waiting at most the close timeout.
     */
    @Override
    public void close() {
        final boolean revoke;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            // also when a registration is still in flight: it may have reached the registry already
            revoke = started;
            registered = false;
        }
        timer.shutdownNow();
        if (!revoke) {
            return;
        }
        try {
            registry.revoke(services).get(schedule.closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
            LOG.info("Revoked {} and its services in the Arrowhead 5 Service Registry {}", services.systemName(),
                    registry.baseUri());
        } catch (final ExecutionException | TimeoutException e) {
            LOG.warn("Could not revoke the Event Handler's registration in {}: {}", registry.baseUri(), e.toString());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
