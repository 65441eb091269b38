import {
  conversationIdParamsSchema,
  conversationSummarySchema,
  groupAnswerSchema,
  groupCreateSchema,
  groupMemberAddSchema,
  groupMemberParamsSchema,
  groupMemberUpdateSchema,
  groupUpdateSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../../context";
import { perMinute } from "../../../http/rate-limit";
import { requireMember } from "../../../kernel/auth-context";
import { access, MEMBER } from "../../../kernel/route-access";
import { memberViewer } from "../../characters/index";
import {
  addGroupMember,
  createGroupChat,
  getGroup,
  removeGroupMember,
  setGroupMemberMuted,
  updateGroup,
} from "./service";

/** Group chats are members' (guests keep one-character chats only); another member's id answers 404. */
const GROUPS = access(MEMBER, { permission: "view_chat" });
const OWN_GROUP = access(GROUPS, { owner: true });
const WRITES = { access: GROUPS, rateLimit: perMinute(60) };
const OWN_WRITES = { access: OWN_GROUP, rateLimit: perMinute(120) };

export function registerGroupRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx.database;
  const viewer = (request: { auth: Parameters<typeof requireMember>[0] }) =>
    memberViewer(requireMember(request.auth), ctx.config);

  app.post(
    "/api/group-chats",
    { config: WRITES, schema: { body: groupCreateSchema, response: { 201: conversationSummarySchema } } },
    async (request, reply) => {
      const user = requireMember(request.auth);
      const displayName = user.name ?? user.username ?? "User";
      return reply
        .status(201)
        .send(await createGroupChat(db, { ...viewer(request), displayName }, request.body));
    },
  );

  app.get(
    "/api/conversations/:id/group",
    {
      config: { access: OWN_GROUP },
      schema: { params: conversationIdParamsSchema, response: { 200: groupAnswerSchema } },
    },
    async (request) => getGroup(db, viewer(request), request.params.id),
  );

  app.put(
    "/api/conversations/:id/group",
    {
      config: OWN_WRITES,
      schema: {
        params: conversationIdParamsSchema,
        body: groupUpdateSchema,
        response: { 200: groupAnswerSchema },
      },
    },
    async (request) => updateGroup(db, viewer(request), request.params.id, request.body),
  );

  app.post(
    "/api/conversations/:id/group/characters",
    {
      config: OWN_WRITES,
      schema: {
        params: conversationIdParamsSchema,
        body: groupMemberAddSchema,
        response: { 201: groupAnswerSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addGroupMember(db, viewer(request), request.params.id, request.body.character_id)),
  );

  app.patch(
    "/api/conversations/:id/group/characters/:character_id",
    {
      config: OWN_WRITES,
      schema: {
        params: groupMemberParamsSchema,
        body: groupMemberUpdateSchema,
        response: { 200: groupAnswerSchema },
      },
    },
    async (request) =>
      setGroupMemberMuted(
        db,
        viewer(request),
        request.params.id,
        request.params.character_id,
        request.body.muted,
      ),
  );

  app.delete(
    "/api/conversations/:id/group/characters/:character_id",
    {
      config: OWN_WRITES,
      schema: { params: groupMemberParamsSchema, response: { 200: groupAnswerSchema } },
    },
    async (request) => removeGroupMember(db, viewer(request), request.params.id, request.params.character_id),
  );
}
