import {
  personaBodySchema,
  personaIdParamsSchema,
  personaListQuerySchema,
  personaListSchema,
  personaSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { noContent } from "../../http/response-schemas";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { presentPersona } from "./presenter";
import { createPersona, deleteMyPersona, getMyPersona, listMyPersonas, updateMyPersona } from "./service";

const PERSONAS = access(MEMBER, { permission: "view_chat" });
const OWN_PERSONA = access(PERSONAS, { owner: true });
const WRITES = { access: PERSONAS, rateLimit: perMinute(120) };
const OWN_WRITES = { access: OWN_PERSONA, rateLimit: perMinute(120) };

export function registerPersonaRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    "/api/personas",
    {
      config: { access: PERSONAS },
      schema: { querystring: personaListQuerySchema, response: { 200: personaListSchema } },
    },
    async (request) => ({
      data: (await listMyPersonas(db, requireMember(request.auth), request.query.search)).map(presentPersona),
    }),
  );

  app.get(
    "/api/personas/:id",
    {
      config: { access: OWN_PERSONA },
      schema: { params: personaIdParamsSchema, response: { 200: personaSchema } },
    },
    async (request) => presentPersona(await getMyPersona(db, requireMember(request.auth), request.params.id)),
  );

  app.post(
    "/api/personas",
    { config: WRITES, schema: { body: personaBodySchema, response: { 201: personaSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentPersona(await createPersona(db, requireMember(request.auth), request.body))),
  );

  app.put(
    "/api/personas/:id",
    {
      config: OWN_WRITES,
      schema: { params: personaIdParamsSchema, body: personaBodySchema, response: { 200: personaSchema } },
    },
    async (request) =>
      presentPersona(await updateMyPersona(db, requireMember(request.auth), request.params.id, request.body)),
  );

  app.delete(
    "/api/personas/:id",
    { config: OWN_WRITES, schema: { params: personaIdParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteMyPersona(db, requireMember(request.auth), request.params.id);
      return reply.status(204).send();
    },
  );
}
