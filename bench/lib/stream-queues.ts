/** The positions stream's queues a benchmark run made on RabbitMQ. */
import amqp from 'amqplib';

/** Remove this run's partition queues (`<prefix>.0`, `.1`, … while they exist). */
export async function deleteQueues(amqpUrl: string, prefix: string) {
  const c = await amqp.connect(amqpUrl);
  try {
    const ch = await c.createChannel();
    ch.on('error', () => undefined); // the passive check of the first missing queue closes it
    for (let k = 0; ; k++) {
      const found = await ch.checkQueue(`${prefix}.${k}`).catch(() => null);
      if (!found) break;
      await ch.deleteQueue(`${prefix}.${k}`);
    }
  } finally {
    await c.close().catch(() => undefined);
  }
}
