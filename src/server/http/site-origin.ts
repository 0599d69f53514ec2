import type { FastifyRequest } from 'fastify'

/**
 * The site's address for links that leave it (an e-mailed invitation, Open311's media_url): its
 * public address (PUBLIC_ORIGIN), or the one the request came to. An e-mailed link always takes
 * the first (config.ts requires it with SMTP_URL): a forged Host header must not choose where the
 * link of an e-mail leads.
 */
export function siteOrigin(request: FastifyRequest): string {
  const { publicOrigin } = request.server.deps.config
  return publicOrigin ? new URL(publicOrigin).origin : `${request.protocol}://${request.host}`
}
