import { z } from "zod";
import { permissionSchema, userStatusSchema } from "./permissions";
import { roleSchema } from "./roles";

export const OPENAI_MODES = ["disabled", "enabled", "hybrid"] as const;
export const openaiModeSchema = z.enum(OPENAI_MODES);

/** The signed-in user's own profile as `GET /api/me` answers it. The OpenAI key is never sent back. */
export const meSchema = z.object({
  id: z.string(),
  is_guest: z.boolean(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  highlights: z.string().nullable(),
  openai_mode: openaiModeSchema,
  has_openai_api_key: z.boolean(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  status: userStatusSchema,
  subscription_platform: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
});
export type Me = z.infer<typeof meSchema>;
