export { type SessionStatus, type SessionValue, useSession } from "../../../lib/session";
