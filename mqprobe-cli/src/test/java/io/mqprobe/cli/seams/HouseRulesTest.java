package io.mqprobe.cli.seams;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house's rules, read from the bytecode of every module's main classes (this module's class path holds them all):
 * packages without cycles, a run session without picocli, nothing beneath the command line that reaches into it, and
 * the systems' own types only in their driver modules.
 */
@Timeout(120)
class HouseRulesTest {

    private static JavaClasses house;

    @BeforeAll
    static void read() {
        house = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))   // other modules' test jars
                .importPackages("io.mqprobe");
    }

    @Test
    void should_have_no_package_cycles() {
        slices().matching("io.mqprobe.(**)").should().beFreeOfCycles().check(house);
    }

    @Test
    void should_keep_picocli_out_of_the_run_session() {
        noClasses().that().resideInAPackage("io.mqprobe.run..")
                .should().dependOnClassesThat().resideInAPackage("picocli..").check(house);
    }

    @Test
    void should_keep_everything_beneath_the_command_line_free_of_it() {
        noClasses().that().resideOutsideOfPackage("io.mqprobe.cli..")
                .should().dependOnClassesThat().resideInAPackage("io.mqprobe.cli..").check(house);
    }

    @Test
    void should_name_a_system_only_in_its_driver_module() {
        // MirrorMaker 2 is Kafka's own tool: the mirror experiment and its command are Kafka's by nature
        noClasses().that().resideOutsideOfPackages("io.mqprobe.kafka..", "io.mqprobe.rocketmq..", "io.mqprobe.mirror..",
                        "io.mqprobe.cli.mirror..")
                .should().dependOnClassesThat().resideInAnyPackage("io.mqprobe.kafka..", "io.mqprobe.rocketmq..",
                        "org.apache.kafka..", "org.apache.rocketmq..")
                .check(house);
    }
}
