import {
  trainBodySchema,
  trainingStatusQuerySchema,
  trainingStatusSchema,
  trainResponseSchema,
} from "@hearth/contracts";
import type { App, AppContext } from "../../context";
import { perMinute } from "../../http/rate-limit";
import { requireMember } from "../../kernel/auth-context";
import { access, MEMBER } from "../../kernel/route-access";
import { TRAINING_JOBS } from "./jobs";
import { requestTraining, type TrainingDeps, trainingStatus } from "./service";

/** Members only; who may train which character is the policy's (policy.ts: image_training). */
const TRAINING = access(MEMBER, { permission: "view_chat" });

export function registerTrainingRoutes(app: App, ctx: AppContext): void {
  const deps: TrainingDeps = {
    db: ctx.database.db,
    config: ctx.config,
    clock: ctx.clock,
    enqueue: (requestId) => app.jobs.send(TRAINING_JOBS.submit, { requestId }, { singletonKey: requestId }),
  };

  /** Chat spec 7: `POST characters/train {character_id}` → `{count}`, the queue's length counting this one. */
  app.post(
    "/api/characters/train",
    {
      config: { access: TRAINING, rateLimit: perMinute(20) },
      schema: { body: trainBodySchema, response: { 200: trainResponseSchema } },
    },
    async (request) => requestTraining(deps, requireMember(request.auth), request.body.character_id),
  );

  /** The training dialog's state: the character's request, its place in the queue and the expected wait. */
  app.get(
    "/api/characters/train/status",
    {
      config: { access: TRAINING },
      schema: { querystring: trainingStatusQuerySchema, response: { 200: trainingStatusSchema } },
    },
    async (request) => trainingStatus(deps, requireMember(request.auth), request.query.character_id),
  );
}
