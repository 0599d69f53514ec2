import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  acceptInvitationSchema,
  invitationSchema,
  invitationTokenSchema,
  invitedMemberSchema,
  inviteMemberSchema,
  memberSchema,
  membersSchema,
  reinviteMemberSchema,
  updateMemberSchema,
} from '../../domain/team'
import { currentMember, currentOrganization, requireOrganization, requireResponsable } from '../auth/guards'
import { siteOrigin } from '../http/site-origin'
import { confirmResponsablePassword } from './responsable-password'

const memberParams = z.object({ id: z.uuid() })
const invitationParams = z.object({ token: invitationTokenSchema })
const tags = ['organization']

/**
 * An organisation's team, managed by its responsables (agents: 403 on every route). Inviting, a new
 * link, and a change that could hand the team over take the responsable's password (issue 47).
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireOrganization)
  app.addHook('onRequest', requireResponsable)

  app.get('/api/org/members', { schema: { tags, response: { 200: membersSchema } } }, async (request) => ({
    items: await app.team.list(currentOrganization(request).id),
  }))

  app.post(
    '/api/org/members',
    { schema: { tags, body: inviteMemberSchema, response: { 201: invitedMemberSchema } } },
    async (request, reply) => {
      const { currentPassword, ...input } = request.body
      await confirmResponsablePassword(request, reply, currentPassword)
      const invited = await app.team.invite(currentOrganization(request).id, input, siteOrigin(request))
      return reply.status(201).send(invited)
    },
  )

  app.post(
    '/api/org/members/:id/invitation',
    {
      schema: {
        tags,
        params: memberParams,
        // Optional, so that a request without a body is told in French what it lacks.
        body: reinviteMemberSchema.nullish(),
        response: { 201: invitedMemberSchema },
      },
    },
    async (request, reply) => {
      await confirmResponsablePassword(request, reply, request.body?.currentPassword)
      const organizationId = currentOrganization(request).id
      const invited = await app.team.reinvite(organizationId, request.params.id, siteOrigin(request))
      return reply.status(201).send(invited)
    },
  )

  app.patch(
    '/api/org/members/:id',
    { schema: { tags, params: memberParams, body: updateMemberSchema, response: { 200: memberSchema } } },
    async (request, reply) => {
      const { currentPassword, ...change } = request.body
      // Checked whenever given; whether the change needed it is the service's to say.
      if (currentPassword) await confirmResponsablePassword(request, reply, currentPassword)
      const { organization, member } = currentMember(request)
      return app.team.update(organization.id, member.id, request.params.id, change, Boolean(currentPassword))
    },
  )
}

/** The invitation's page, for the person invited: before they have any session. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public']

  app.get(
    '/api/org/invitations/:token',
    { schema: { tags, params: invitationParams, response: { 200: invitationSchema } } },
    (request) => app.team.invitation(request.params.token),
  )

  app.post(
    '/api/org/invitations/:token',
    {
      schema: {
        tags,
        params: invitationParams,
        body: acceptInvitationSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await app.team.accept(request.params.token, request.body.password)
      return { ok: true as const }
    },
  )
}
