package io.mqprobe.rocketmq;

import io.mqprobe.api.UsageException;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MixAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Settings reaching RocketMQ's client objects, without a broker: nothing here is started. */
@Timeout(10)
class RocketMqClientConfigTest {

    @Test
    void should_sign_requests_with_both_acl_keys_and_refuse_one_alone() {
        AclClientRPCHook hook = (AclClientRPCHook) RocketMqClientConfig.aclHook(Map.of("accessKey", "ak", "secretKey", "sk"));

        assertThat(hook.getSessionCredentials().getAccessKey()).isEqualTo("ak");
        assertThat(hook.getSessionCredentials().getSecretKey()).isEqualTo("sk");
        assertThat(RocketMqClientConfig.aclHook(Map.of("sendMsgTimeout", "100"))).as("no credentials: no hook").isNull();
        assertThatThrownBy(() -> RocketMqClientConfig.aclHook(Map.of("accessKey", "ak")))
                .isInstanceOf(UsageException.class).hasMessageContaining("only accessKey is set")
                .hasMessageNotContaining("ak ");
    }

    @Test
    void should_set_the_producers_batch_limits_that_have_no_bean_setter() {
        DefaultMQProducer producer = new DefaultMQProducer("config-test");

        RocketMqClientConfig.apply(producer, Map.of("autoBatch", "true", "batchMaxDelayMs", "25", "batchMaxBytes", "65536",
                "totalBatchMaxBytes", "1048576", "accessKey", "ak", "secretKey", "sk"));

        // the getters read the accumulator, made only at start(), which hands it these fields
        Properties fields = MixAll.object2Properties(producer);
        assertThat(fields).containsEntry("autoBatch", "true").containsEntry("batchMaxDelayMs", "25")
                .containsEntry("batchMaxBytes", "65536").containsEntry("totalBatchMaxBytes", "1048576");
        assertThatThrownBy(() -> RocketMqClientConfig.apply(producer, Map.of("batchMaxBytes", "64KiB")))
                .isInstanceOf(UsageException.class).hasMessageContaining("batchMaxBytes");
    }
}
