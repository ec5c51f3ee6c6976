package io.mqprobe.embedded.isolation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Both hierarchies on fake cgroupfs trees (plain directories): the files mqprobe writes, and detection from mountinfo. */
class CgroupsTest {

    @TempDir
    Path root;

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_write_cpu_max_memory_max_io_max_and_cpuset_on_v2_and_delegate_controllers_to_children() throws Exception {
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids");
        CgroupV2 cgroups = new CgroupV2(root);

        cgroups.create("mqprobe-42/k0-broker-1");
        cgroups.limitCpu("mqprobe-42/k0-broker-1", 0.5, "0-1");
        cgroups.limitMemory("mqprobe-42/k0-broker-1", 1L << 30);
        cgroups.limitWrites("mqprobe-42/k0-broker-1", "254:0", 10_000_000);

        Path group = root.resolve("mqprobe-42/k0-broker-1");
        assertThat(Files.readString(group.resolve("cpu.max"))).isEqualTo("50000 100000");
        assertThat(Files.readString(group.resolve("cpuset.cpus"))).isEqualTo("0-1");
        assertThat(Files.readString(group.resolve("memory.max"))).isEqualTo(Long.toString(1L << 30));
        assertThat(Files.readString(group.resolve("io.max"))).isEqualTo("254:0 wbps=10000000");
        assertThat(Files.readString(root.resolve("cgroup.subtree_control"))).isNotEmpty();
        assertThat(cgroups.taskFiles("mqprobe-42/k0-broker-1", true)).containsExactly(group.resolve("cgroup.procs").toString());

        cgroups.limitWrites("mqprobe-42/k0-broker-1", "254:0", 0);
        assertThat(Files.readString(group.resolve("io.max"))).isEqualTo("254:0 wbps=max");
        cgroups.limitCpu("mqprobe-42/k0-broker-1", 0, "0-1");
        assertThat(Files.readString(group.resolve("cpu.max"))).as("no quota").isEqualTo("max 100000");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_list_pids_of_a_group_tree_and_remove_it_innermost_first() throws Exception {
        CgroupV2 cgroups = new CgroupV2(root);
        cgroups.create("mqprobe-42/client");
        Files.writeString(root.resolve("mqprobe-42/client/cgroup.procs"), "4242\n");

        assertThat(cgroups.pids("mqprobe-42")).containsExactly(4242L);
        assertThat(cgroups.topGroups()).containsExactly("mqprobe-42");

        cgroups.remove("mqprobe-42");
        assertThat(root.resolve("mqprobe-42")).doesNotExist();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_give_v1_cpusets_their_parents_cpus_and_mems_and_leave_the_client_in_its_memory_group() throws Exception {
        Map<String, Path> mounts = Map.of("cpu", mkdir("cpu"), "cpuset", mkdir("cpuset"), "memory", mkdir("memory"), "blkio", mkdir("blkio"));
        Files.writeString(root.resolve("cpuset/cpuset.cpus"), "0-1");
        Files.writeString(root.resolve("cpuset/cpuset.mems"), "0");
        CgroupV1 cgroups = new CgroupV1(mounts);

        cgroups.create("mqprobe-42/client");
        cgroups.limitCpu("mqprobe-42/client", 1.5, null);

        assertThat(Files.readString(root.resolve("cpuset/mqprobe-42/client/cpuset.mems"))).isEqualTo("0");
        assertThat(Files.readString(root.resolve("cpuset/mqprobe-42/client/cpuset.cpus"))).isEqualTo("0-1");
        assertThat(Files.readString(root.resolve("cpu/mqprobe-42/client/cpu.cfs_quota_us"))).isEqualTo("150000");
        cgroups.limitCpu("mqprobe-42/client", 0, null);
        assertThat(Files.readString(root.resolve("cpu/mqprobe-42/client/cpu.cfs_quota_us"))).as("no quota").isEqualTo("-1");
        assertThat(cgroups.taskFiles("mqprobe-42/client", false)).noneMatch(f -> f.contains("/memory/"));
        assertThat(cgroups.taskFiles("mqprobe-42/client", true)).anyMatch(f -> f.contains("/memory/"));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_detect_v1_when_its_controllers_are_mounted_and_v2_otherwise() throws Exception {
        Path v1Info = root.resolve("mountinfo-v1");
        Files.writeString(v1Info, String.join("\n",
                "32 31 0:29 / " + mkdir("cpu") + " rw,relatime - cgroup cgroup rw,cpu",
                "34 31 0:31 / " + mkdir("cpuset") + " rw,relatime - cgroup cgroup rw,cpuset",
                "35 31 0:32 / " + mkdir("memory") + " rw,relatime - cgroup cgroup rw,memory",
                "41 31 0:38 / " + mkdir("unified") + " rw,relatime - cgroup2 cgroup2 rw"));
        Path v2Root = mkdir("v2");
        Files.writeString(v2Root.resolve("cgroup.controllers"), "cpuset cpu io memory pids");
        Path v2Info = root.resolve("mountinfo-v2");
        Files.writeString(v2Info, "26 1 0:23 / " + v2Root + " rw - cgroup2 cgroup2 rw,nsdelegate");

        assertThat(Cgroups.detect(v1Info)).get().extracting(Cgroups::version).isEqualTo("v1");
        assertThat(Cgroups.detect(v2Info)).get().isEqualTo(new CgroupV2(v2Root));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_name_the_whole_disk_under_a_directory_on_a_partition() throws Exception {
        Path sys = mkdir("sys");
        Path disk = Files.createDirectories(sys.resolve("devices/vda"));
        Files.writeString(disk.resolve("dev"), "254:0\n");
        Path partition = Files.createDirectories(disk.resolve("vda1"));
        Files.writeString(partition.resolve("partition"), "1\n");
        Path devBlock = mkdir("dev-block");
        Files.createSymbolicLink(devBlock.resolve("254:1"), partition);
        Path data = mkdir("data");
        Path mountInfo = root.resolve("mountinfo");
        Files.writeString(mountInfo, "22 1 254:1 / " + root + " rw - ext4 /dev/vda1 rw\n23 22 0:5 / /dev rw - devtmpfs udev rw");

        assertThat(BlockDevice.holding(data, mountInfo, devBlock)).contains("254:0");
    }

    private Path mkdir(String name) throws Exception {
        return Files.createDirectories(root.resolve(name));
    }
}
