import { type EmailUpdateBody, emailUpdateResponseSchema } from "@hearth/contracts";
import { apiFetch } from "../../../lib/api-client";

/** `PUT /api/users/email`, answered with the saved `{email}`. */
export function updateEmail(body: EmailUpdateBody): Promise<{ email: string }> {
  return apiFetch("/users/email", { method: "PUT", body, schema: emailUpdateResponseSchema });
}
