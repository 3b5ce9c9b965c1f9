package io.eventhandler.server.runtime;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loops, timers and pools of the runner: named by role, stoppable, their rounds and stalls counted. */
class RunnerTest {

    private final Runner runner = new Runner();

    @AfterEach
    void close() {
        runner.close();
    }

    private RoleActivity role(final String role) {
        return runner.activity().stream().filter(a -> a.role().equals(role)).findFirst().orElseThrow();
    }

    @Test
    void aLoopRunsOnAThreadNamedByItsRoleUntilStoppedThenFinishes() {
        final AtomicReference<String> thread = new AtomicReference<>();
        final AtomicInteger rounds = new AtomicInteger();
        final CountDownLatch finished = new CountDownLatch(1);
        final RunningLoop loop = runner.loop("eh-test-loop", Duration.ofHours(1), new Loop() {
            @Override
            public void round() throws InterruptedException {
                thread.set(Thread.currentThread().getName());
                rounds.incrementAndGet();
                TimeUnit.MILLISECONDS.sleep(1);
            }

            @Override
            public void finish() {
                finished.countDown();
            }
        });
        await().until(() -> rounds.get() >= 3);
        assertTrue(loop.stop(Duration.ofSeconds(10)));
        assertEquals(0, finished.getCount());
        assertEquals("eh-test-loop", thread.get());
        final RoleActivity activity = role("eh-test-loop");
        assertTrue(activity.rounds() >= 3);
        assertEquals(0, activity.stalls());
        assertEquals(0, activity.threads());
    }

    @Test
    void aRoundLongerThanTheStallBoundIsCountedAsAStall() throws InterruptedException {
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger rounds = new AtomicInteger();
        final RunningLoop loop = runner.loop("eh-stuck", Duration.ofMillis(1), () -> {
            if (rounds.incrementAndGet() == 1) {
                release.await();
            } else {
                TimeUnit.MILLISECONDS.sleep(1);
            }
        });
        await().until(() -> role("eh-stuck").stalled());
        assertEquals(0, role("eh-stuck").stalls(), "counted when the round ends");
        release.countDown();
        await().until(() -> role("eh-stuck").stalls() >= 1);
        loop.stop(Duration.ofSeconds(10));
    }

    @Test
    void aFailingRoundIsCountedAndTheLoopGoesOn() {
        final AtomicInteger rounds = new AtomicInteger();
        final RunningLoop loop = runner.loop("eh-failing", Duration.ofHours(1), () -> {
            if (rounds.incrementAndGet() == 1) {
                throw new IllegalStateException("expected by the test");
            }
            TimeUnit.MILLISECONDS.sleep(1);
        });
        await().until(() -> rounds.get() >= 2);
        assertEquals(1, role("eh-failing").failures());
        loop.stop(Duration.ofSeconds(10));
    }

    @Test
    void aLoopWithItsOwnWakeUpIsNotInterrupted() throws InterruptedException {
        final CountDownLatch waiting = new CountDownLatch(1);
        final CountDownLatch woken = new CountDownLatch(1);
        final AtomicReference<Boolean> interrupted = new AtomicReference<>();
        final RunningLoop loop = runner.loop("eh-gentle", Duration.ofHours(1), new Loop() {
            @Override
            public void round() {
                waiting.countDown();
                try {
                    woken.await();
                } catch (final InterruptedException e) {
                    interrupted.set(true);
                    return;
                }
                interrupted.compareAndSet(null, Thread.currentThread().isInterrupted());
            }

            @Override
            public void wake(final Thread thread) {
                woken.countDown();
            }
        });
        waiting.await();
        assertTrue(loop.stop(Duration.ofSeconds(10)));
        assertFalse(interrupted.get());
    }

    @Test
    void poolAndTimerThreadsAreNamedAndTheirTasksCounted() throws Exception {
        final ExecutorService pool = runner.pool("eh-test-pool", 2, Duration.ofHours(1));
        final ScheduledExecutorService timer = runner.timer("eh-test-timer", Duration.ofHours(1));
        assertEquals("eh-test-pool-1", pool.submit(() -> Thread.currentThread().getName()).get());
        assertEquals("eh-test-timer", timer.schedule(() -> Thread.currentThread().getName(), 1, TimeUnit.MILLISECONDS)
                .get());
        await().until(() -> role("eh-test-pool").rounds() == 1 && role("eh-test-timer").rounds() == 1);
        runner.close();
        assertTrue(pool.isShutdown());
        assertTrue(timer.isShutdown());
    }

    @Test
    void threadsThatDieOnAnErrorAndPeriodicTasksThatStopAreCountedAsDeathsOfTheirRole() throws Exception {
        assertEquals(java.util.Map.of(), runner.deaths());
        runner.loop("eh-test-dying-loop", Duration.ofHours(1), () -> {
            throw new StackOverflowError("injected");
        });
        final ScheduledExecutorService timer = runner.timer("eh-test-timer", Duration.ofHours(1));
        timer.scheduleAtFixedRate(() -> {
            throw new IllegalStateException("a periodic task that throws is never run again");
        }, 0, 1, TimeUnit.MILLISECONDS);
        final ExecutorService pool = runner.pool("eh-test-pool", 1, Duration.ofHours(1));
        pool.submit(() -> {
            throw new OutOfMemoryError("injected");
        });
        pool.execute(() -> {
            throw new IllegalArgumentException("an exception only ends the task: the pool goes on");
        });
        final ScheduledExecutorService oneShots = runner.timer("eh-test-one-shots", Duration.ofHours(1));
        oneShots.schedule(() -> {
            throw new IllegalStateException("a one-shot task that throws harms nothing after it");
        }, 0, TimeUnit.MILLISECONDS);
        await().dontCatchUncaughtExceptions().until(() -> runner.deaths().size() == 3);
        assertEquals(java.util.Map.of("eh-test-dying-loop", 1L, "eh-test-pool", 1L, "eh-test-timer", 1L),
                runner.deaths());
        assertEquals(1, role("eh-test-timer").deaths(), "shown per role too (metrics, status)");
        assertEquals(0, role("eh-test-one-shots").deaths());
        timer.shutdownNow();
        pool.shutdownNow();
        oneShots.shutdownNow();
    }
}
