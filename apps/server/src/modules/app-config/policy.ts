import { isAdmin } from "../../kernel/access-policy";
import type { AuthContext } from "../../kernel/auth-context";

export const canManageFeatureFlags = (auth: AuthContext): boolean => isAdmin(auth);
