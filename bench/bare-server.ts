// The ceiling of any route: a bare Fastify route answering a small JSON document.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ count: 1_000_000 }))
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log(`bare server on ${process.env.PORT}`)
