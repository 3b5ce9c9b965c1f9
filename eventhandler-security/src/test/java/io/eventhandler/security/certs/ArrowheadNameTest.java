package io.eventhandler.security.certs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArrowheadNameTest {

    @Test
    void parsesTheSystemNameAndCloudOfAFiveLabelCn() {
        final SystemIdentity identity = ArrowheadName.parseSystem("eventhandler.testcloud2.aitia.arrowhead.eu")
                .orElseThrow();

        assertEquals("eventhandler", identity.systemName());
        assertEquals("testcloud2.aitia.arrowhead.eu", identity.cloudCommonName());
        assertEquals("eventhandler.testcloud2.aitia.arrowhead.eu", identity.commonName());
        assertTrue(identity.belongsTo("testcloud2.aitia.arrowhead.eu"));
        assertFalse(identity.belongsTo("testcloud1.aitia.arrowhead.eu"));
    }

    @Test
    void foldsAsciiUpperCaseToTheCanonicalLowerCaseName() {
        final SystemIdentity identity = ArrowheadName.parseSystem("SysOp.TestCloud2.AITIA.Arrowhead.EU").orElseThrow();

        assertEquals(new SystemIdentity("sysop", "testcloud2.aitia.arrowhead.eu"), identity);
        assertEquals(Optional.of("testcloud2.aitia.arrowhead.eu"),
                ArrowheadName.parseCloud("TESTCLOUD2.aitia.ARROWHEAD.eu"));
    }

    @Test
    void acceptsDigitsAndInnerDashesInLabels() {
        assertEquals(Optional.of(new SystemIdentity("sensor-01", "9cloud.op-erator.arrowhead.eu")),
                ArrowheadName.parseSystem("sensor-01.9cloud.op-erator.arrowhead.eu"));
        final String longest = "a".repeat(63);
        assertTrue(ArrowheadName.parseSystem(longest + ".c.o.arrowhead.eu").isPresent());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
            "testcloud2.aitia.arrowhead.eu",                       // 4 labels: a cloud, not a system
            "a.eventhandler.testcloud2.aitia.arrowhead.eu",        // 6 labels
            "arrowhead.eu",
            "eventhandler.testcloud2.aitia.arrowhead.com",         // wrong suffix
            "eventhandler.testcloud2.aitia.notarrowhead.eu",
            "eventhandler.testcloud2.arrowhead.eu.evil",
            "eventhandler.testcloud2.aitia.arrowhead.eu.",         // trailing dot = empty 6th label
            ".testcloud2.aitia.arrowhead.eu",                      // empty system label
            "eventhandler..aitia.arrowhead.eu",
            "-eventhandler.testcloud2.aitia.arrowhead.eu",
            "eventhandler-.testcloud2.aitia.arrowhead.eu",
            "event_handler.testcloud2.aitia.arrowhead.eu",
            "event handler.testcloud2.aitia.arrowhead.eu",
            " eventhandler.testcloud2.aitia.arrowhead.eu",
            "eventhandler.testcloud2.aitia.arrowhead.eu ",
            "CN=eventhandler.testcloud2.aitia.arrowhead.eu",
            "eventhandler.testcloud2.aitia.arrowhead.eu\u0000",
            "\u212Aeventhandler.testcloud2.aitia.arrowhead.eu",    // KELVIN SIGN would lower-case to 'k'
            "eventhandler.testcloud2.a\u0131tia.arrowhead.eu",      // dotless i
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.c.o.arrowhead.eu", // 64 characters
    })
    void rejectsEverythingThatIsNotExactlyAFiveLabelSystemCn(final String commonName) {
        assertEquals(Optional.empty(), ArrowheadName.parseSystem(commonName));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
            "eventhandler.testcloud2.aitia.arrowhead.eu",
            "aitia.arrowhead.eu",
            "testcloud2.aitia.arrowhead.org",
            "testcloud2.aitia.arrowhead.eu.",
            "test_cloud.aitia.arrowhead.eu",
    })
    void rejectsEverythingThatIsNotExactlyAFourLabelCloudCn(final String commonName) {
        assertEquals(Optional.empty(), ArrowheadName.parseCloud(commonName));
    }

    @Test
    void buildsCanonicalNames() {
        assertEquals("testcloud.company.arrowhead.eu", ArrowheadName.cloudCommonName("testcloud", "company"));
        assertEquals("sysop.testcloud.company.arrowhead.eu",
                ArrowheadName.systemCommonName("sysop", "testcloud.company.arrowhead.eu"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TestCloud", "-cloud", "cloud-", "clo_ud", "clo.ud", "", "cl oud", "cl\u00f6ud"})
    void buildingRejectsInvalidLabelsNamingTheValue(final String bad) {
        final IllegalArgumentException cloud = assertThrows(IllegalArgumentException.class,
                () -> ArrowheadName.cloudCommonName(bad, "company"));
        assertTrue(cloud.getMessage().contains("cloud name '" + bad + "'"), cloud.getMessage());

        final IllegalArgumentException operator = assertThrows(IllegalArgumentException.class,
                () -> ArrowheadName.cloudCommonName("testcloud", bad));
        assertTrue(operator.getMessage().contains("operator name '" + bad + "'"), operator.getMessage());

        final IllegalArgumentException system = assertThrows(IllegalArgumentException.class,
                () -> ArrowheadName.systemCommonName(bad, "testcloud.company.arrowhead.eu"));
        assertTrue(system.getMessage().contains("system name '" + bad + "'"), system.getMessage());
    }

    @Test
    void buildingASystemNameNeedsACanonicalCloudCn() {
        assertThrows(IllegalArgumentException.class,
                () -> ArrowheadName.systemCommonName("sysop", "TestCloud.company.arrowhead.eu"));
        assertThrows(IllegalArgumentException.class,
                () -> ArrowheadName.systemCommonName("sysop", "company.arrowhead.eu"));
    }

    @Test
    void readsTheCnOfACertificate() throws Exception {
        assertEquals(Optional.of("arrowhead.eu"), ArrowheadName.commonName(TestPki.MASTER.certificate()));
        assertEquals(Optional.of("testcloud2.aitia.arrowhead.eu"), ArrowheadName.commonName(TestPki.CLOUD.certificate()));
    }
}
