import type { Database } from "../db/client";
import { type AuthService, hashPassword, type Session } from "../modules/auth/index";
import { emailTaken, findUserByEmail, insertMember } from "../modules/users/index";
import { createMember } from "./create-member";

/** `POST /api/auth/signup`: a member with an email and password, their default persona, and a session. */
export async function signUp(
  db: Database,
  auth: AuthService,
  email: string,
  password: string,
): Promise<Session> {
  if (await findUserByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(password);
  const user = await createMember(db, (tx) => insertMember(tx, email, passwordHash));
  if (!user) throw emailTaken();
  return auth.startSession(user);
}
