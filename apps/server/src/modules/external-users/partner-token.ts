import { errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import { invalidToken } from "../../http/errors";

const partnerClaimsSchema = z.object({
  sub: z.string().trim().min(1).max(200),
  name: z.string().optional(),
});

/** A partner's user: `sub` is the partner's user id, `name` what they call them. */
export type PartnerClaims = z.infer<typeof partnerClaimsSchema>;

/**
 * Verifies the partner's HS256 token (claims `sub`, `name`, and a required `exp`); 401 `invalid_token`
 * for anything else.
 */
export async function verifyPartnerToken(secret: string, token: string): Promise<PartnerClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp"],
    });
    return partnerClaimsSchema.parse(payload);
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError) throw invalidToken();
    throw error;
  }
}
