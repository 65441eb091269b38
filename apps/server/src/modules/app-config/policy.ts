import type { AuthContext } from "../auth/context";
import { isAdmin } from "../auth/policy";

export const canManageFeatureFlags = (auth: AuthContext): boolean => isAdmin(auth);
