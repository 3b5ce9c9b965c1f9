package io.eventhandler.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The server's packages form a directed graph: none imports one that imports it back, around any cycle, and each
 * imports only packages before it in the order of docs/architecture.md ("Packages, lowest first"). (Rules as
 * methods, so that a test filter such as {@code -Dtest=ServerPackagesTest} runs every one.)
 */
@AnalyzeClasses(packages = "io.eventhandler.server", importOptions = ImportOption.DoNotIncludeTests.class)
class ServerPackagesTest {

    private static final String ROOT = "io.eventhandler.server";

    /** The packages, lowest first, as docs/architecture.md lists them. */
    private static final List<String> ORDER = List.of("config", "runtime", "http", "security", "validation", "qos",
            "store", "webhook", "subscription", "delivery", "engine", "history", "calibration", "publish", "sse",
            "replication", "observability", "arrowhead", "frontend");

    private static String[] packages(final List<String> names) {
        return names.stream().map(name -> ROOT + "." + name + "..").toArray(String[]::new);
    }

    @ArchTest
    static void packagesAreFreeOfCycles(final JavaClasses classes) {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
    }

    @ArchTest
    static void noPackageImportsTheCompositionRoot(final JavaClasses classes) {
        noClasses().that().resideInAPackage(ROOT + ".*..").should().dependOnClassesThat().resideInAPackage(ROOT)
                .check(classes);
    }

    @ArchTest
    static void eachPackageImportsOnlyPackagesBeforeIt(final JavaClasses classes) {
        for (int i = 0; i < ORDER.size() - 1; i++) {
            noClasses().that().resideInAPackage(ROOT + "." + ORDER.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(packages(ORDER.subList(i + 1, ORDER.size())))
                    .because(ORDER.get(i) + " is below them in docs/architecture.md")
                    .check(classes);
        }
    }

    @ArchTest
    static void everyPackageHasItsPlaceInTheOrder(final JavaClasses classes) {
        classes().that().resideInAPackage(ROOT + ".*..").should().resideInAnyPackage(packages(ORDER))
                .because("a new package needs its place in docs/architecture.md and in this test")
                .check(classes);
    }
}
