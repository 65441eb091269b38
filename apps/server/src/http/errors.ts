import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from "@hearth/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { redactError } from "./error-log";

/** An expected failure answered as `{"error":{"code","message","fields?"}}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = messageFor(code),
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

function messageFor(code: ErrorCode): string {
  return code in ERROR_MESSAGES ? ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] : code;
}

export const unauthenticated = () => new AppError(401, "unauthenticated");
export const invalidToken = () => new AppError(401, "invalid_token");
export const invalidAccount = () => new AppError(401, "invalid_account");
export const forbidden = () => new AppError(403, "forbidden");
export const notFound = () => new AppError(404, "not_found");

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const NOT_AN_OBJECT = "The request body must be a JSON object.";

type ValidationIssue = { instancePath?: string; message?: string };

/** Turns zod issues of body, query or params into the first message plus a map of field path to message. */
function validationError(issues: ValidationIssue[], context: string | undefined): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? "").split("/").filter(Boolean).join(".");
    // A body that is missing or not an object has no field path: name the whole body instead.
    const message = path || context !== "body" ? (issue.message ?? "Invalid value") : NOT_AN_OBJECT;
    fields[path || context || "body"] ??= message;
  }
  const message = Object.values(fields)[0] ?? "Invalid request";
  return new AppError(400, "validation_error", message, fields);
}

/** Maps everything thrown in a request to the error shape; only unexpected failures become a 500. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return validationError(fastifyError.validation, fastifyError.validationContext);
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return new AppError(400, "validation_error", "The request body is not valid JSON.");
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError(status, status === 404 ? "not_found" : "validation_error", error.message);
  }
  return new AppError(500, "internal_error");
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  // Never the raw error: a failed query carries its parameters (see error-log.ts).
  if (appError.statusCode >= 500) request.log.error({ err: redactError(error) }, "request failed");
  return reply.status(appError.statusCode).send(errorBody(appError.code, appError.message, appError.fields));
}
