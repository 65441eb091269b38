import { PROFILE_MESSAGES } from "@hearth/contracts";
import { AppError } from "../../http/errors";

/** 409 `email_taken`: another account has the address (sign-up, email update). */
export function emailTaken(): AppError {
  return new AppError(409, "email_taken", undefined, { email: "An account with this email already exists." });
}

/** 409 `username_taken`: another account has the username (profile, onboarding, partner sign-up). */
export function usernameTaken(): AppError {
  return new AppError(409, "username_taken", PROFILE_MESSAGES.usernameTaken, {
    username: PROFILE_MESSAGES.usernameTaken,
  });
}
