package io.eventhandler.benchmarks.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The suite's groups against the benchmarks JMH's annotation processor listed in this module. */
class SuiteGroupTest {

    private static List<String> benchmarks() {
        return BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())
                .stream().map(BenchmarkListEntry::getUsername).distinct().collect(Collectors.toList());
    }

    private static List<String> selected(final SuiteGroup group) {
        final Pattern include = Pattern.compile(group.include());
        return benchmarks().stream().filter(b -> include.matcher(b).find()).collect(Collectors.toList());
    }

    @Test
    void everyBenchmarkIsInAGroupOfItsOwnAndInAll() {
        final List<String> all = benchmarks();
        assertFalse(all.isEmpty(), "no JMH benchmarks listed");
        assertEquals(all, selected(SuiteGroup.ALL), "'all' must select every benchmark");
        for (final String benchmark : all) {
            final long groups = Arrays.stream(SuiteGroup.values())
                    .filter(g -> g != SuiteGroup.ALL && g != SuiteGroup.SMOKE)
                    .filter(g -> Pattern.compile(g.include()).matcher(benchmark).find()).count();
            assertEquals(1, groups, benchmark + " must be in exactly one group besides 'all'");
        }
    }

    @Test
    void everyGroupSelectsSomethingAndSmokeOneBenchmark() {
        for (final SuiteGroup group : SuiteGroup.values()) {
            assertFalse(selected(group).isEmpty(), group.label() + " selects no benchmark");
        }
        assertEquals(List.of("io.eventhandler.benchmarks.jmh.TimestampParseBenchmark.isoInstantsParse"),
                selected(SuiteGroup.SMOKE));
        assertTrue(SuiteGroup.SMOKE.quick());
    }

    @Test
    void groupsAreNamedInLowerCaseWithHyphens() {
        assertEquals(SuiteGroup.ENGINE_QUEUES, SuiteGroup.byLabel("engine-queues").orElseThrow());
        assertTrue(SuiteGroup.byLabel("ENGINE_QUEUES").isEmpty());
    }
}
