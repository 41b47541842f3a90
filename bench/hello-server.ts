import Fastify from 'fastify';

// The baseline: the fastest answer Fastify gives on this machine, to compare the shop's routes with.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3301), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
