package io.eventhandler.core.replication;

import io.eventhandler.core.replication.RoleState.Verdict;
import org.junit.jupiter.api.Test;

import static io.eventhandler.core.replication.ReplicationRole.BACKUP;
import static io.eventhandler.core.replication.ReplicationRole.PRIMARY;
import static io.eventhandler.core.replication.ReplicationRole.STANDALONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Roles and epochs: never two primaries in one epoch. */
class RoleStateTest {

    private static void assertState(final ReplicationRole role, final long epoch, final RoleState state) {
        assertEquals(role, state.role(), state.toString());
        assertEquals(epoch, state.epoch(), state.toString());
    }

    @Test
    void theSequenceBaseOfAnEpochIsTheEpochShiftedBy40Bits() {
        assertEquals(0, RoleState.sequenceBase(0));
        assertEquals(1L << 40, RoleState.sequenceBase(1));
        assertEquals(1_099_511_627_776L, RoleState.sequenceBase(1));
        assertEquals(3L << 40, RoleState.sequenceBase(3));
        assertEquals(7L << 40, RoleState.sequenceBase(7));
        assertTrue(RoleState.sequenceBase(2) > RoleState.sequenceBase(1) + 1_000_000_000_000L);
    }

    @Test
    void onlyABackupCanBePromotedAndEachPromotionStartsANewEpoch() {
        final RoleState backup = new RoleState(BACKUP, 4);
        assertFalse(backup.configuredPrimary());
        assertEquals(5, backup.promote());
        assertState(PRIMARY, 5, backup);
        assertThrows(IllegalStateException.class, backup::promote, "already primary");
        assertState(PRIMARY, 5, backup);
        assertThrows(IllegalStateException.class, () -> new RoleState(PRIMARY, 0).promote());
        final RoleState standalone = new RoleState(STANDALONE, 0);
        assertThrows(IllegalStateException.class, standalone::promote);
        assertState(STANDALONE, 0, standalone);
    }

    @Test
    void aBackupAcceptsAPrimaryAtItsEpochOrNewerAndAdoptsTheEpoch() {
        final RoleState backup = new RoleState(BACKUP, 2);
        assertEquals(Verdict.ACCEPT, backup.onPrimaryPeer(2, true));
        assertState(BACKUP, 2, backup);
        assertEquals(Verdict.ACCEPT, backup.onPrimaryPeer(5, false));
        assertState(BACKUP, 5, backup);
        assertEquals(Verdict.REFUSE, backup.onPrimaryPeer(4, true), "an older primary, even the configured one");
        assertState(BACKUP, 5, backup);
    }

    @Test
    void aPrimaryRefusesAPeerAtAnOlderEpoch() {
        final RoleState primary = new RoleState(BACKUP, 2);
        primary.promote(); // PRIMARY@3, configured backup
        assertEquals(Verdict.REFUSE, primary.onPrimaryPeer(2, true));
        assertState(PRIMARY, 3, primary);
        final RoleState configured = new RoleState(PRIMARY, 3);
        assertEquals(Verdict.REFUSE, configured.onPrimaryPeer(1, false));
        assertState(PRIMARY, 3, configured);
    }

    @Test
    void atAnEqualEpochTheInstanceConfiguredPrimaryWins() {
        final RoleState configuredPrimary = new RoleState(PRIMARY, 0);
        final RoleState configuredBackup = new RoleState(BACKUP, 0);
        configuredBackup.servePrimary(0); // started alone, found no primary
        assertState(PRIMARY, 0, configuredBackup);

        assertEquals(Verdict.REFUSE, configuredPrimary.onPrimaryPeer(0, false));
        assertState(PRIMARY, 0, configuredPrimary);
        assertEquals(Verdict.ACCEPT_AND_DEMOTE, configuredBackup.onPrimaryPeer(0, true));
        assertState(BACKUP, 0, configuredBackup);
    }

    @Test
    void twoPrimariesBothConfiguredBackupAtOneEpochRefuseEachOther() {
        final RoleState a = new RoleState(BACKUP, 1);
        a.servePrimary(1);
        assertEquals(Verdict.REFUSE, a.onPrimaryPeer(1, false), "no tie rule between equals");
        assertState(PRIMARY, 1, a);
        assertFalse(a.onRefusedBy(1, false));
        assertState(PRIMARY, 1, a);
    }

    @Test
    void aPrimaryStepsDownToANewerPrimaryAndAdoptsItsEpoch() {
        final RoleState primary = new RoleState(PRIMARY, 1);
        assertEquals(Verdict.ACCEPT_AND_DEMOTE, primary.onPrimaryPeer(4, false));
        assertState(BACKUP, 4, primary);
        assertTrue(primary.configuredPrimary(), "the configuration does not change with the role");
    }

    @Test
    void aStandaloneInstanceRefusesEveryPeerAndNeverStepsDown() {
        final RoleState standalone = new RoleState(STANDALONE, 0);
        assertEquals(Verdict.REFUSE, standalone.onPrimaryPeer(0, true));
        assertEquals(Verdict.REFUSE, standalone.onPrimaryPeer(9, true));
        assertFalse(standalone.onRefusedBy(9, true));
        assertState(STANDALONE, 0, standalone);
    }

    @Test
    void aRefusalStepsAPrimaryDownOnlyForANewerEpochOrTheTieRule() {
        final RoleState primary = new RoleState(BACKUP, 2);
        primary.promote(); // PRIMARY@3, configured backup
        assertFalse(primary.onRefusedBy(2, true), "an older peer's refusal is ignored");
        assertState(PRIMARY, 3, primary);
        assertFalse(primary.onRefusedBy(3, false), "equal epoch, peer not configured primary");
        assertState(PRIMARY, 3, primary);
        assertTrue(primary.onRefusedBy(3, true), "equal epoch, the configured primary wins");
        assertState(BACKUP, 3, primary);

        final RoleState configured = new RoleState(PRIMARY, 3);
        assertFalse(configured.onRefusedBy(3, true), "both configured primary is no tie win");
        assertFalse(configured.onRefusedBy(3, false));
        assertTrue(configured.onRefusedBy(4, false));
        assertState(BACKUP, 4, configured);
    }

    @Test
    void aBackupIsNotSteppedDownByARefusal() {
        final RoleState backup = new RoleState(BACKUP, 1);
        assertFalse(backup.onRefusedBy(5, true));
        assertState(BACKUP, 1, backup);
    }

    @Test
    void servingAndStandingByNeverLowerTheEpoch() {
        final RoleState state = new RoleState(BACKUP, 3);
        state.servePrimary(1);
        assertState(PRIMARY, 3, state);
        state.standBy(2);
        assertState(BACKUP, 3, state);
        state.standBy(6);
        assertState(BACKUP, 6, state);
    }

    /**
     * The FRAME issue's scenario: A configured primary, B configured backup. A is killed, B promotes; A restarts and
     * stands by; B is killed, A promotes. And the variant where A was only paused: it still believes it is primary
     * at the old epoch, is refused by B and steps down.
     */
    @Test
    void theFailoverScenarioNeverHasTwoPrimariesInOneEpoch() {
        RoleState a = new RoleState(PRIMARY, 0);
        final RoleState b = new RoleState(BACKUP, 0);
        assertEquals(Verdict.ACCEPT, b.onPrimaryPeer(a.epoch(), a.configuredPrimary()), "A streams to B");

        // A is killed; B's detector fires and B takes over
        assertEquals(1, b.promote());
        assertState(PRIMARY, 1, b);

        // A restarts from its configuration, asks B, learns it is primary at 1 and stands by
        a = new RoleState(PRIMARY, 0);
        assertEquals(Verdict.REFUSE, b.onPrimaryPeer(a.epoch(), a.configuredPrimary()),
                "B refuses the configured primary: it is at an older epoch");
        assertTrue(a.onRefusedBy(b.epoch(), b.configuredPrimary()));
        a.standBy(b.epoch());
        assertState(BACKUP, 1, a);
        assertState(PRIMARY, 1, b);
        assertEquals(Verdict.ACCEPT, a.onPrimaryPeer(b.epoch(), b.configuredPrimary()), "B streams to A");
        assertState(BACKUP, 1, a);

        // B is killed; A takes over at a new epoch
        assertEquals(2, a.promote());
        assertState(PRIMARY, 2, a);

        // B restarts as configured (backup at 0) and follows A
        final RoleState restartedB = new RoleState(BACKUP, 0);
        assertEquals(Verdict.ACCEPT, restartedB.onPrimaryPeer(a.epoch(), a.configuredPrimary()));
        assertState(BACKUP, 2, restartedB);
        assertEquals(Verdict.REFUSE, a.onPrimaryPeer(restartedB.epoch(), restartedB.configuredPrimary()));
        assertState(PRIMARY, 2, a);
    }

    @Test
    void aPausedPrimaryAtAnOldEpochIsRefusedAndStepsDown() {
        final RoleState a = new RoleState(PRIMARY, 0);
        final RoleState b = new RoleState(BACKUP, 0);
        assertEquals(Verdict.ACCEPT, b.onPrimaryPeer(0, true));
        // A pauses (GC, network partition) long enough for B to promote; A never learnt of it
        assertEquals(1, b.promote());
        assertState(PRIMARY, 0, a);

        // A resumes and sends its next batch to B
        assertEquals(Verdict.REFUSE, b.onPrimaryPeer(a.epoch(), a.configuredPrimary()));
        assertState(PRIMARY, 1, b);
        assertTrue(a.onRefusedBy(b.epoch(), b.configuredPrimary()));
        assertState(BACKUP, 1, a);
        assertFalse(a.onRefusedBy(b.epoch(), b.configuredPrimary()), "stepped down once");

        assertEquals(Verdict.ACCEPT, a.onPrimaryPeer(b.epoch(), b.configuredPrimary()), "A now backs B up");
        assertState(BACKUP, 1, a);
        assertState(PRIMARY, 1, b);
    }
}
