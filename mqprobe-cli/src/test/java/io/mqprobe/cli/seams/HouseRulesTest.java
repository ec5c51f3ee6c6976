package io.mqprobe.cli.seams;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house's rules, read from the bytecode of every module's main classes (this module's class path holds them all):
 * packages without cycles, a run session without picocli, nothing beneath the command line that reaches into it, a
 * command line that parses and wires (with the exceptions that remain, named), and the systems' own types only in their
 * driver modules.
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

    /**
     * The command line parses and wires; what runs, summarises or formats belongs to the feature's module. Every class
     * of the CLI module touches picocli, except these, which still do a feature's work here. The list only shrinks: a
     * new class without picocli fails, and so does an entry whose class moved out or now parses options (take it off).
     */
    private static final Map<String, String> FEATURE_WORK_IN_THE_CLI = Map.ofEntries(
            Map.entry("io.mqprobe.cli.ceiling.JsonOutput", "writes the disk and net commands' --json file through the one"
                    + " result mapper, which the ceilings' module (beneath core) cannot reach"),
            Map.entry("io.mqprobe.cli.monitor.MonitorSettings", "the monitor command's flags concluded as values: they are the"
                    + " command's own, and the screen beneath takes only their interval and duration"));

    @Test
    void should_keep_the_command_line_to_parsing_and_wiring_with_the_remaining_exceptions_named() {
        Map<String, List<JavaClass>> cli = house.stream().filter(c -> c.getPackageName().startsWith("io.mqprobe.cli"))
                .collect(Collectors.groupingBy(HouseRulesTest::topLevelName, TreeMap::new, Collectors.toList()));
        Set<String> withoutPicocli = new TreeSet<>();
        Set<String> buildingExperiments = new TreeSet<>();
        cli.forEach((name, classes) -> {
            if (classes.stream().noneMatch(c -> dependsOn(c, t -> t.getPackageName().startsWith("picocli")))) {
                withoutPicocli.add(name);
            }
            if (classes.stream().anyMatch(HouseRulesTest::buildsAnExperiment)) {
                buildingExperiments.add(name);
            }
        });

        assertThat(withoutPicocli).as("CLI classes that never touch picocli (move the work to its feature's module, or"
                + " name the exception and why)").isEqualTo(new TreeSet<>(FEATURE_WORK_IN_THE_CLI.keySet()));
        assertThat(buildingExperiments).as("CLI classes that assemble an experiment (its feature's module runs it)").isEmpty();
    }

    private static String topLevelName(JavaClass c) {
        int nested = c.getName().indexOf('$');
        return nested < 0 ? c.getName() : c.getName().substring(0, nested);
    }

    private static boolean dependsOn(JavaClass c, java.util.function.Predicate<JavaClass> target) {
        return c.getDirectDependenciesFromSelf().stream().anyMatch(d -> target.test(d.getTargetClass()));
    }

    /** Calls the constructor of {@code Experiment} or a single run's factory. */
    private static boolean buildsAnExperiment(JavaClass c) {
        return c.getConstructorCallsFromSelf().stream()
                        .anyMatch(call -> call.getTargetOwner().getName().equals("io.mqprobe.experiment.Experiment"))
                || c.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().getName()
                        .equals("io.mqprobe.experiment.SingleRun") && call.getName().equals("of"));
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
