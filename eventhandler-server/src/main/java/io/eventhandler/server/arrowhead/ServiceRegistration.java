package io.eventhandler.server.arrowhead;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import io.eventhandler.api.core.ServiceRegistryRequestDTO;
import io.eventhandler.api.core.ServiceRegistryResponseDTO;
import io.eventhandler.server.runtime.Runner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps the Event Handler's services registered in the Service Registry, as Arrowhead's
 * {@code ApplicationInitListener} does at start and {@code @PreDestroy}, plus a periodic check that restores
 * registrations the registry lost (e.g. it restarted with an in-memory database).
 *
 * <p>Everything runs on one daemon thread of its own ({@code eh-sr-registration}) and the core-system client's
 * threads; {@link #start()} returns at once. After start:
 * <ol>
 *   <li>echo the registry until it answers, waiting {@link RegistrationSchedule#retryInitial()} after the first
 *       failure, doubling up to {@link RegistrationSchedule#retryMax()};</li>
 *   <li>for each service: query the registry for its definition and unregister every entry found, with that
 *       entry's address and port but our own system name (stale Event Handler registrations are purged; the
 *       registry refuses, harmlessly, those of other systems), then register ours;</li>
 *   <li>every {@link RegistrationSchedule#checkInterval()}: query each definition and register again whatever of
 *       ours is missing (a 400 "already exists" counts as present).</li>
 * </ol>
 * A 400/401/403 answer is a refusal (wrong certificate, invalid data): it is logged as an error,
 * {@link #registered()} completes exceptionally, and the periodic check keeps trying. Any other failure means the
 * registry is unavailable: the sequence starts again with the echo.
 */
public final class ServiceRegistration implements AutoCloseable {

    /** Where the registration stands. */
    public enum State {
        /** Not started. */
        NEW,
        /** Waiting for the Service Registry to answer. */
        WAITING_FOR_REGISTRY,
        /** Purging and registering, or restoring lost registrations. */
        REGISTERING,
        /** All services registered (as of the last check). */
        REGISTERED,
        /** The registry refused a registration; retried at every check. */
        REFUSED,
        /** Closed. */
        CLOSED
    }

    private static final Logger LOG = LoggerFactory.getLogger(ServiceRegistration.class);
    private static final long SCHEDULER_STOP_MILLIS = 1_000;
    /** A step only starts calls and reads answers; one that takes longer is a stall of the schedule's thread. */
    private static final Duration STEP_STALL_BOUND = Duration.ofSeconds(1);

    private final ServiceRegistryClient registry;
    private final EventHandlerServices services;
    private final RegistrationSchedule schedule;
    private final ScheduledExecutorService scheduler;
    /** Runs on the scheduler; after close, silently drops the task instead of throwing into a completing thread. */
    private final Executor onScheduler;
    private final CompletableFuture<Void> registered = new CompletableFuture<>();
    /** Register calls in flight, so that closing unregisters only after them. */
    private final Set<CompletableFuture<?>> registering = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean started = new AtomicBoolean();
    /** Told when the registry answers again after failures (the core is back). */
    private final List<Runnable> registryBack = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile State state = State.NEW;

    // Touched only on the scheduler thread.
    private Duration retryDelay;
    private int failureStreak;

    /** @param runner makes the schedule's thread, {@code eh-sr-registration} */
    public ServiceRegistration(final ServiceRegistryClient registry, final EventHandlerServices services,
                               final RegistrationSchedule schedule, final Runner runner) {
        this.registry = registry;
        this.services = services;
        this.schedule = schedule;
        this.retryDelay = schedule.retryInitial();
        this.scheduler = runner.timer("eh-sr-registration", STEP_STALL_BOUND);
        this.onScheduler = task -> {
            try {
                scheduler.execute(task);
            } catch (final RejectedExecutionException e) {
                LOG.debug("Registration step dropped: closed");
            }
        };
    }

    /** Call {@code listener} (on the schedule's thread; it must not block) when the registry answers again. */
    public void onRegistryBack(final Runnable listener) {
        registryBack.add(listener);
    }

    /** Starts registering in the background; returns at once. */
    public void start() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("registration already started");
        }
        final SystemRequestDTO provider = services.provider();
        LOG.info("Registering {} at {}:{} in the Service Registry {}", provider.systemName(), provider.address(),
                provider.port(), registry.baseUri());
        onScheduler.execute(this::awaitRegistry);
    }

    /**
     * Completes when all services are registered; exceptionally if the registry refuses a registration, or with a
     * {@link CancellationException} if closed first. (A copy: completing it changes nothing here.)
     */
    public CompletableFuture<Void> registered() {
        return registered.copy();
    }

    public State state() {
        return state;
    }

    /** Whether all services were registered as of the last check. */
    public boolean isRegistered() {
        return state == State.REGISTERED;
    }

    /** What is registered. */
    public EventHandlerServices services() {
        return services;
    }

    private void awaitRegistry() {
        if (closed.get()) {
            return;
        }
        state = State.WAITING_FOR_REGISTRY;
        registry.echo().whenCompleteAsync((answer, failure) -> {
            if (failure != null) {
                registryFailed("is not reachable", failure);
                retryLater();
            } else {
                registryAnswered();
                publish();
            }
        }, onScheduler);
    }

    private void retryLater() {
        final Duration delay = retryDelay;
        retryDelay = schedule.nextRetry(retryDelay);
        later(this::awaitRegistry, delay);
    }

    /** Purges and registers each service in turn, as {@code ApplicationInitListener} does. */
    private void publish() {
        if (closed.get()) {
            return;
        }
        state = State.REGISTERING;
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (final ServiceRegistryRequestDTO request : services.registrations()) {
            chain = chain.thenComposeAsync(ignored -> purgeAndRegister(request), onScheduler);
        }
        chain.whenCompleteAsync((ignored, failure) -> {
            if (failure == null) {
                markRegistered();
                LOG.info("Registered {} services in the Service Registry {}", services.registrations().size(),
                        registry.baseUri());
                later(this::check, schedule.checkInterval());
            } else if (isRefusal(failure)) {
                refused(failure);
                later(this::check, schedule.checkInterval());
            } else {
                registryFailed("failed while registering", failure);
                retryLater();
            }
        }, onScheduler);
    }

    private CompletableFuture<Void> purgeAndRegister(final ServiceRegistryRequestDTO request) {
        return registry.query(ServiceQueryFormDTO.of(request.serviceDefinition()))
                .thenComposeAsync(found -> purge(request, found), onScheduler)
                .thenComposeAsync(ignored -> register(request), onScheduler)
                .thenApply(ignored -> null);
    }

    /** Unregisters every entry of the definition under our name at the entry's address and port. */
    private CompletableFuture<Void> purge(final ServiceRegistryRequestDTO request, final ServiceQueryResultDTO found) {
        final List<CompletableFuture<Void>> removals = new ArrayList<>();
        final String ourName = services.provider().systemName();
        for (final ServiceRegistryResponseDTO entry : entries(found)) {
            final String address = entry.provider().address();
            final int port = entry.provider().port();
            removals.add(registry.unregister(request.serviceDefinition(), ourName, address, port,
                            request.serviceUri())
                    .handle((ignored, failure) -> {
                        if (failure == null) {
                            LOG.info("Unregistered earlier registration of {} by {} at {}:{}",
                                    request.serviceDefinition(), ourName, address, port);
                            return null;
                        }
                        if (Failures.status(failure) == 400) {
                            // no such system or entry: another provider's, or gone meanwhile
                            LOG.debug("Nothing of ours to unregister at {}:{} for {}", address, port,
                                    request.serviceDefinition());
                            return null;
                        }
                        throw Failures.propagate(failure);
                    }));
        }
        return CompletableFuture.allOf(removals.toArray(CompletableFuture[]::new));
    }

    /** Completes with true if registered now, false if it was registered already. */
    private CompletableFuture<Boolean> register(final ServiceRegistryRequestDTO request) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new CancellationException("registration closed"));
        }
        final CompletableFuture<ServiceRegistryResponseDTO> call = registry.register(request);
        registering.add(call);
        call.whenComplete((ignored, failure) -> registering.remove(call));
        return call.handle((ignored, failure) -> {
            if (failure == null) {
                return true;
            }
            if (alreadyExists(failure)) {
                return false;
            }
            throw Failures.propagate(failure);
        });
    }

    /** Periodic: registers again whatever of ours the registry no longer lists. */
    private void check() {
        if (closed.get()) {
            return;
        }
        final AtomicInteger restored = new AtomicInteger();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (final ServiceRegistryRequestDTO request : services.registrations()) {
            chain = chain.thenComposeAsync(ignored -> ensureRegistered(request, restored), onScheduler);
        }
        chain.whenCompleteAsync((ignored, failure) -> {
            if (failure == null) {
                registryAnswered();
                if (restored.get() > 0) {
                    LOG.info("Registered {} lost service(s) again in the Service Registry {}", restored.get(),
                            registry.baseUri());
                }
                markRegistered();
            } else if (isRefusal(failure)) {
                refused(failure);
            } else {
                registryFailed("is not reachable for the registration check", failure);
            }
            later(this::check, schedule.checkInterval());
        }, onScheduler);
    }

    private CompletableFuture<Void> ensureRegistered(final ServiceRegistryRequestDTO request,
                                                     final AtomicInteger restored) {
        return registry.query(ServiceQueryFormDTO.of(request.serviceDefinition()))
                .thenComposeAsync(found -> {
                    if (entries(found).stream().anyMatch(entry -> isOurs(entry, request))) {
                        return CompletableFuture.completedFuture(null);
                    }
                    state = State.REGISTERING;
                    LOG.debug("{} is no longer registered; registering it again", request.serviceDefinition());
                    return register(request).thenAccept(added -> {
                        if (added) {
                            restored.incrementAndGet();
                        }
                    });
                }, onScheduler);
    }

    private void markRegistered() {
        state = State.REGISTERED;
        registered.complete(null);
    }

    private void refused(final Throwable failure) {
        state = State.REFUSED;
        failureStreak++;
        if (failureStreak == 1) {
            LOG.error("The Service Registry {} refused the Event Handler's registration (retried every {} ms): {}",
                    registry.baseUri(), schedule.checkInterval().toMillis(), Failures.describe(failure));
        } else {
            LOG.debug("The Service Registry still refuses the registration: {}", Failures.describe(failure));
        }
        registered.completeExceptionally(Failures.unwrap(failure));
    }

    /** One WARN per outage, then DEBUG: an unreachable registry must not flood the log. */
    private void registryFailed(final String what, final Throwable failure) {
        failureStreak++;
        if (failureStreak == 1) {
            LOG.warn("Service Registry {} {}: {} (retrying; further failures are logged at DEBUG)",
                    registry.baseUri(), what, Failures.describe(failure));
        } else {
            LOG.debug("Service Registry {} {} (failure {}): {}", registry.baseUri(), what, failureStreak,
                    Failures.describe(failure));
        }
    }

    private void registryAnswered() {
        if (failureStreak > 0) {
            LOG.info("Service Registry {} answers again", registry.baseUri());
            failureStreak = 0;
            registryBack.forEach(Runnable::run);
        }
        retryDelay = schedule.retryInitial();
    }

    private void later(final Runnable task, final Duration delay) {
        try {
            scheduler.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final RejectedExecutionException e) {
            LOG.debug("Registration step not scheduled: closed");
        }
    }

    private boolean isOurs(final ServiceRegistryResponseDTO entry, final ServiceRegistryRequestDTO request) {
        final SystemRequestDTO us = services.provider();
        return entry.provider() != null
                && us.systemName().equalsIgnoreCase(entry.provider().systemName())
                && us.address().equalsIgnoreCase(entry.provider().address())
                && Objects.equals(us.port(), entry.provider().port())
                && Objects.equals(orEmpty(request.serviceUri()), orEmpty(entry.serviceUri()));
    }

    /**
     * Stops the schedule and unregisters every service, waiting at most {@link RegistrationSchedule#closeTimeout()}
     * in all. Never throws.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        state = State.CLOSED;
        scheduler.shutdownNow();
        registered.completeExceptionally(new CancellationException("registration closed"));
        if (!started.get()) {
            return;
        }
        final long deadline = System.nanoTime() + schedule.closeTimeout().toNanos();
        try {
            // no step runs any more, so no register call starts after this
            scheduler.awaitTermination(SCHEDULER_STOP_MILLIS, TimeUnit.MILLISECONDS);
            // a register still in flight would land after our unregister and stay behind
            awaitQuietly(CompletableFuture.allOf(registering.toArray(CompletableFuture[]::new)), deadline);
            unregisterAll(deadline);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Interrupted while unregistering from the Service Registry");
        } catch (final RuntimeException e) {
            LOG.warn("Unregistering from the Service Registry failed: {}", Failures.describe(e));
        }
    }

    private void unregisterAll(final long deadline) throws InterruptedException {
        final SystemRequestDTO us = services.provider();
        final AtomicInteger removed = new AtomicInteger();
        final List<CompletableFuture<Void>> calls = new ArrayList<>();
        for (final ServiceRegistryRequestDTO request : services.registrations()) {
            calls.add(registry.unregister(request.serviceDefinition(), us.systemName(), us.address(), us.port(),
                            request.serviceUri())
                    .handle((ignored, failure) -> {
                        if (failure == null) {
                            removed.incrementAndGet();
                        } else if (Failures.status(failure) != 400) {
                            // 400: not registered (any more), nothing to remove
                            throw Failures.propagate(failure);
                        }
                        return null;
                    }));
        }
        try {
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                    .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            LOG.info("Unregistered {} service(s) from the Service Registry {}", removed.get(), registry.baseUri());
        } catch (final ExecutionException e) {
            LOG.warn("Could not unregister every service from the Service Registry {}: {}", registry.baseUri(),
                    Failures.describe(e.getCause()));
        } catch (final TimeoutException e) {
            LOG.warn("Unregistering from the Service Registry {} timed out after {} ms ({} removed)",
                    registry.baseUri(), schedule.closeTimeout().toMillis(), removed.get());
        }
    }

    private static void awaitQuietly(final CompletableFuture<?> future, final long deadline)
            throws InterruptedException {
        try {
            future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (final ExecutionException | TimeoutException e) {
            LOG.debug("Pending registration did not finish cleanly: {}", Failures.describe(e));
        }
    }

    private static List<ServiceRegistryResponseDTO> entries(final ServiceQueryResultDTO found) {
        return found == null || found.serviceQueryData() == null ? List.of() : found.serviceQueryData();
    }

    private static String orEmpty(final String value) {
        return value == null ? "" : value.trim();
    }

    /** 400, 401, 403: the registry is up and says no; repeating the same request will not help. */
    private static boolean isRefusal(final Throwable failure) {
        final int status = Failures.status(failure);
        return status == 400 || status == 401 || status == 403;
    }

    private static boolean alreadyExists(final Throwable failure) {
        return Failures.unwrap(failure) instanceof CoreSystemException e && e.status() == 400
                && e.error().map(error -> String.valueOf(error.errorMessage())).orElse(e.body())
                .contains("already exists");
    }
}
