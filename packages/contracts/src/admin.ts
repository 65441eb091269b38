import { z } from "zod";

/** `PUT /api/admin/flags/:name` (admins only): switches a stored feature flag. */
export const featureFlagParamsSchema = z.object({
  name: z
    .string()
    .min(1, "Flag name is required")
    .max(64, "Flag name must be at most 64 characters")
    .regex(/^[a-z0-9_]+$/, "Flag name may contain lower-case letters, digits and _ only"),
});
export const featureFlagUpdateBodySchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
});
export const featureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });
export type FeatureFlagState = z.infer<typeof featureFlagSchema>;

/** `POST /api/event` answers the stored event's id. */
export const eventCreatedSchema = z.object({ id: z.string() });
