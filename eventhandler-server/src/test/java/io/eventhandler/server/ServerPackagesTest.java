package io.eventhandler.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The server's packages form a directed graph (docs/architecture.md, "Packages, lowest first"), checked on the
 * compiled main classes: no package cycle of any length, no package importing the composition root, and each
 * package importing only packages before it in {@link #ORDER}.
 */
class ServerPackagesTest {

    private static final String ROOT = "io.eventhandler.server";
    private static final JavaClasses SERVER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    /** The packages, lowest first, as docs/architecture.md lists them. */
    private static final List<String> ORDER = List.of("config", "runtime", "http", "security", "validation", "qos",
            "store", "webhook", "subscription", "delivery", "engine", "history", "calibration", "publish", "sse",
            "replication", "kafka", "observability", "arrowhead", "arrowhead5", "mqtt", "frontend");

    private static String[] packages(final List<String> names) {
        return names.stream().map(name -> ROOT + "." + name + "..").toArray(String[]::new);
    }

    @Test
    void noPackageIsInACycle() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(SERVER);
    }

    @Test
    void noTopLevelPackageIsInACycle() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(SERVER);
    }

    @Test
    void noPackageImportsTheCompositionRoot() {
        noClasses().that().resideInAPackage(ROOT + ".*..").should().dependOnClassesThat().resideInAPackage(ROOT)
                .check(SERVER);
    }

    @Test
    void eachPackageImportsOnlyPackagesBeforeIt() {
        for (int i = 0; i < ORDER.size() - 1; i++) {
            noClasses().that().resideInAPackage(ROOT + "." + ORDER.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(packages(ORDER.subList(i + 1, ORDER.size())))
                    .because(ORDER.get(i) + " is below them in docs/architecture.md")
                    .check(SERVER);
        }
    }

    @Test
    void everyPackageHasItsPlaceInTheOrder() {
        classes().that().resideInAPackage(ROOT + ".*..").should().resideInAnyPackage(packages(ORDER))
                .because("a new package needs its place in docs/architecture.md and in this test")
                .check(SERVER);
    }
}
