package io.eventhandler.server.replication;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.replication.BackupBuffer;
import io.eventhandler.core.replication.GivenUp;
import io.eventhandler.core.replication.RecoveredStamps;
import io.eventhandler.core.replication.Recovery;
import io.eventhandler.core.replication.FailureDetector;
import io.eventhandler.core.replication.Replica;
import io.eventhandler.core.replication.ReplicationRole;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.server.runtime.Loop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The backup's watch on its primary, a loop of the runner ({@code eh-failover-monitor}): silence longer than the
 * failure timeout is only a suspicion, so the primary is probed first; a primary that does not answer as primary is
 * taken for failed, and this instance takes over (Table 3.3 Recovery): the copies left in the buffer are dispatched
 * under their original numbers, then new events are numbered above the new epoch's base. Role changes hold the
 * {@link PairRoles}' lock, as the service's step-down does.
 */
final class FailoverMonitor implements Loop {

    private static final Logger LOG = LoggerFactory.getLogger(FailoverMonitor.class);
    /** A backup that has heard its primary probes it this often anyway, to keep the probe's connection warm. */
    private static final long PROBE_WARM_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final PairRoles roles;
    private final FailureDetector detector;
    private final BackupBuffer buffer;
    private final Broker broker;
    private final RecoveredResends resends;
    /** A separate connection with a short timeout: the backup's last question before it takes over. */
    private final PeerClient probe;
    /** Batches being processed now: a primary whose batch is in hand is alive, however long it takes here. */
    private final AtomicInteger receiving;
    private final long pauseNanos;
    private final long failoverBudgetMicros;
    private volatile long falseAlarms;
    /** Touched by the monitor thread only. */
    private long lastProbeNanos = System.nanoTime() - PROBE_WARM_NANOS;
    /** Touched by the monitor thread only. */
    private boolean forbiddenLogged;

    private long promotions;
    private long lastFailoverMicros = -1;
    private long lastRecovered;
    private long lastRecoveryRefused;
    private Instant lastPromotion;

    /** What the take-overs did, for the management view. */
    record Takeovers(long promotions, long falseAlarms, Double lastFailoverMs, String lastPromotion,
                     long lastRecovered, long lastRecoveryRefused) {
    }

    /**
     * @param heartbeatMs          the primary's heartbeat: the watch looks twice per interval
     * @param failoverBudgetMicros x, the failover time admission assumes; a take-over that took longer is logged
     */
    FailoverMonitor(final PairRoles roles, final FailureDetector detector, final BackupBuffer buffer,
                    final Broker broker, final RecoveredResends resends, final PeerClient probe, final AtomicInteger receiving, final int heartbeatMs,
                    final long failoverBudgetMicros) {
        this.roles = roles;
        this.detector = detector;
        this.buffer = buffer;
        this.broker = broker;
        this.resends = resends;
        this.probe = probe;
        this.receiving = receiving;
        this.pauseNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, heartbeatMs / 2));
        this.failoverBudgetMicros = failoverBudgetMicros;
    }

    /** One look: probe a silent primary, take over from a failed one, then pause. */
    @Override
    public void round() {
        final boolean backup = !roles.serving() && roles.role() == ReplicationRole.BACKUP;
        if (backup && detector.hasHeard() && System.nanoTime() - lastProbeNanos > PROBE_WARM_NANOS) {
            primaryAnswers(); // keeps the probe's (TLS) connection open: a real probe then needs no handshake
        }
        if (backup && receiving.get() == 0 && detector.primaryFailed()) {
            if (primaryAnswers() || !detector.primaryFailed()) {
                // only slow (a pause here or there), or a batch arrived meanwhile: not failed
                detector.heard();
                falseAlarms++;
            } else {
                promote();
            }
        }
        LockSupport.parkNanos(pauseNanos);
    }

    /** The probe: a primary that is only slow answers as primary; a crashed process refuses the connection. */
    private boolean primaryAnswers() {
        lastProbeNanos = System.nanoTime();
        try {
            final PeerStatusDTO status = probe.status();
            return ReplicationRole.PRIMARY.name().equals(status.role()) && status.epoch() >= roles.state().epoch();
        } catch (final PeerClient.ForbiddenException e) {
            // alive, but refusing us: taking over would make two primaries; the misconfiguration must be fixed
            if (!forbiddenLogged) {
                LOG.error("primary {} is alive but {}; not taking over", probe.base(), e.getMessage());
                forbiddenLogged = true;
            }
            return true;
        } catch (final IOException e) {
            return false;
        }
    }

    /**
     * Table 3.3 Recovery: the copies left in the buffer are dispatched, then new events get the new epoch. What the
     * full buffer gave up is announced to the topics' subscribers first (as a gap, in order before the copies), and
     * publishers' resends of the copies received are recognised from now on.
     */
    private void promote() {
        synchronized (roles) {
            final long silentSince = detector.lastHeardNanos();
            final long epoch = roles.state().promote();
            final Recovery recovery = buffer.takeOver();
            announceGivenUp(recovery.givenUp());
            int recovered = 0;
            int refused = 0;
            RecoveredStamps stamps = recovery.stamps();
            for (final Replica copy : recovery.copies()) {
                if (broker.restore(copy.draft(), copy.sequence()).isPresent()) {
                    recovered++;
                } else {
                    refused++;
                    stamps = stamps.without(copy.topic(), copy.sequence()); // its resend is then welcome
                }
            }
            resends.recognise(stamps);
            broker.continueAbove(RoleState.sequenceBase(epoch));
            detector.forget();
            roles.disarmLease();
            roles.serving(true);
            promotions++;
            lastRecovered = recovered;
            lastRecoveryRefused = refused;
            lastPromotion = Instant.now();
            lastFailoverMicros = (System.nanoTime() - silentSince) / 1_000;
            logPromotion(epoch, recovered, refused);
        }
    }

    private void announceGivenUp(final List<GivenUp> runs) {
        for (final GivenUp run : runs) {
            LOG.error("take-over without {} event(s) of {} ({}..{}): the backup buffer (eh.replication.buffer.per"
                    + ".topic) gave their copies up before they were delivered; announced to its subscribers",
                    run.count(), run.topic(), run.first(), run.last());
            broker.announceGivenUp(run.topic(), run.first(), run.last());
        }
    }

    private void logPromotion(final long epoch, final int recovered, final int refused) {
        LOG.warn("primary {} silent for {} ms: promoted to primary at epoch {}; {} buffered copies dispatched{}",
                probe.base(), lastFailoverMicros / 1_000, epoch, recovered,
                refused == 0 ? "" : ", " + refused + " behind the topics' numbers skipped");
        if (lastFailoverMicros > failoverBudgetMicros) {
            LOG.warn("this take-over took {} ms, more than the x = {} ms admission assumes: loss tolerances may not "
                    + "have held; raise eh.qos.failover.ms or find what slowed the detection", lastFailoverMicros / 1_000,
                    failoverBudgetMicros / 1_000.0);
        }
    }

    /** Read under the roles' lock, so that a take-over is seen whole. */
    Takeovers takeovers() {
        synchronized (roles) {
            return new Takeovers(promotions, falseAlarms, lastFailoverMicros < 0 ? null : lastFailoverMicros / 1_000.0,
                    lastPromotion == null ? null : lastPromotion.toString(), lastRecovered, lastRecoveryRefused);
        }
    }
}
