package io.astragal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

/** The module boundaries of ARCHITECTURE.md, checked on every build. */
class ModularityTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.astragal");

    @Test
    void modulesOnlyUseEachOthersPublishedTypes() {
        ApplicationModules.of(AstragalApplication.class).verify();
    }

    @Test
    void diceAndRulesArePureJava() {
        noClasses().that().resideInAnyPackage("io.astragal.dice..", "io.astragal.rules..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "jakarta..", "javax.sql..", "java.sql..",
                        "tools.jackson..", "com.fasterxml..", "org.hibernate..", "java.net..", "java.io..",
                        "java.nio.file..", "java.time..")
                .because("the referee's brain is pure and deterministic given a dice source")
                .check(PRODUCTION);
    }

    @Test
    void diceKnowsNothingOfRules() {
        noClasses().that().resideInAPackage("io.astragal.dice..")
                .should().dependOnClassesThat().resideInAPackage("io.astragal.rules..")
                .check(PRODUCTION);
    }
}
