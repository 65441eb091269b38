/**
 * The audit log: every admin action (who, what, when, before and after), append-only, and
 * `GET /api/admin/audit` for admins. Modules that act as an admin record through `recordAudit`.
 */
export type { AuditSubjectType, NewAuditEntry } from "./repository";
export { registerAuditRoutes } from "./routes";
export { auditSubjectIdOf, recordAudit } from "./service";
