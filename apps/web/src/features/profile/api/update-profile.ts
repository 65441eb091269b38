import { type Me, meSchema, type ProfileUpdateBody } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `PUT /api/users/profile`, answered with the updated profile. */
export function updateProfile(body: ProfileUpdateBody): Promise<Me> {
  return apiFetch("/users/profile", { method: "PUT", body, schema: meSchema });
}
