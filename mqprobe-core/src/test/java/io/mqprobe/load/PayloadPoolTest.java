package io.mqprobe.load;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class PayloadPoolTest {

    private static double compressionRatio(PayloadPool pool, int records) throws Exception {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        byte[] body = new byte[pool.recordSizeBytes()];
        try (DeflaterOutputStream out = new DeflaterOutputStream(compressed, new Deflater(Deflater.BEST_SPEED))) {
            for (int i = 0; i < records; i++) {
                pool.fill(body, i);
                out.write(body);
            }
        }
        return (double) records * body.length / compressed.size();
    }

    @Test
    void should_make_random_payloads_incompressible() throws Exception {
        assertThat(compressionRatio(PayloadPool.build(new PayloadSpec.Random(), 1024, 1), 200)).isLessThan(1.05);
    }

    @Test
    void should_make_compressible_payloads_compress_near_the_requested_ratio() throws Exception {
        double ratio = compressionRatio(PayloadPool.build(new PayloadSpec.Compressible(4), 1024, 1), 200);
        assertThat(ratio).isBetween(3.0, 5.5);
    }

    @Test
    void should_vary_bodies_between_messages() {
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 256, 1);
        byte[] a = new byte[256];
        byte[] b = new byte[256];
        pool.fill(a, 1);
        pool.fill(b, 2);
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void should_repeat_file_contents(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.txt");
        Files.writeString(file, "hello");
        PayloadPool pool = PayloadPool.build(PayloadSpec.parse("file:" + file), 64, 1);
        byte[] body = new byte[64];
        pool.fill(body, 0);
        assertThat(new String(body, 0, 10)).isIn("hellohello", "ohellohell", "lohellohel", "llohellohe", "ellohelloh");
    }

    @Test
    @Timeout(10)
    void should_read_a_fraction_below_one_as_the_compressed_size() {
        assertThat(PayloadSpec.parse("compressible:0.5")).isEqualTo(new PayloadSpec.Compressible(2));
        assertThat(PayloadSpec.parse("compressible:4")).isEqualTo(new PayloadSpec.Compressible(4));
    }

    @Test
    void should_reject_bad_payload_specs_with_a_clear_message(@TempDir Path dir) {
        assertThatThrownBy(() -> PayloadSpec.parse("zeros")).isInstanceOf(UsageException.class).hasMessageContaining("random");
        assertThatThrownBy(() -> PayloadSpec.parse("compressible:x")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> PayloadSpec.parse("compressible:0")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> PayloadSpec.parse("compressible:200")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> PayloadPool.build(PayloadSpec.parse("file:" + dir.resolve("missing")), 64, 1))
                .isInstanceOf(UsageException.class).hasMessageContaining("missing");
    }
}
