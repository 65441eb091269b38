import { DrizzleQueryError } from "drizzle-orm";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeError, LOG_SERIALIZERS, redactError } from "./error-log";
import { handleError } from "./errors";

const SECRET = "sk-live-SECRET-4242";
const EMAIL = "victim@example.com";

/** A PostgreSQL error as node-postgres raises it, fields set the way its parser sets them. */
function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 100, "error");
  Object.assign(error, { severity: "ERROR", file: "x.c", line: "1", ...fields });
  return error;
}

/** A unique violation on a write of chat text and an encrypted key, as Drizzle throws it. */
function failedInsert(): DrizzleQueryError {
  const cause = databaseError('duplicate key value violates unique constraint "users_email_key"', {
    code: "23505",
    detail: `Key (email)=(${EMAIL}) already exists.`,
    schema: "public",
    table: "users",
    constraint: "users_email_key",
    routine: "_bt_check_unique",
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "openai_api_key", "bio") values ($1, $2, $3)',
    [EMAIL, SECRET, "my chat text"],
    cause,
  );
}

/** A value PostgreSQL refused: the value is quoted in its message, and PGlite adds the query and params. */
function failedCast(): DrizzleQueryError {
  const cause = databaseError(`invalid input syntax for type uuid: "${SECRET}"`, {
    code: "22P02",
    where: `unnamed portal parameter $1 = '${SECRET}'`,
    routine: "string_to_uuid",
  });
  Object.assign(cause, { query: 'select * from "characters" where "id" = $1', params: [SECRET] });
  return new DrizzleQueryError('select * from "characters" where "id" = $1', [SECRET], cause);
}

/** The JSON lines a logger wrote (Fastify's pino, with the given serializers or Fastify's defaults). */
function capturingLogger(serializers?: typeof LOG_SERIALIZERS) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line: string) => lines.push(line) }, serializers },
  });
  return { log: app.log, lines };
}

describe("redactError", () => {
  it("keeps the SQL text, code and constraint of a failed query but none of its parameters", () => {
    const error = failedInsert();
    // The raw error carries the secret in its message, its params and its cause's detail.
    expect(error.message).toContain(SECRET);

    const logged = redactError(error);
    const json = JSON.stringify(logged);
    expect(json).not.toContain(SECRET);
    expect(json).not.toContain(EMAIL);
    expect(json).not.toContain("my chat text");
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: "Failed query",
      query: 'insert into "users" ("email", "openai_api_key", "bio") values ($1, $2, $3)',
      cause: {
        type: "DatabaseError",
        message: 'duplicate key value violates unique constraint "users_email_key"',
        code: "23505",
        constraint: "users_email_key",
        table: "users",
      },
    });
    // Stack frames stay, under a first line without the parameters.
    expect(logged.stack.split("\n")[0]).toBe("DrizzleQueryError: Failed query");
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it("removes values PostgreSQL quotes in its message and context", () => {
    const logged = redactError(failedCast());
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.cause).toMatchObject({
      message: 'invalid input syntax for type uuid: "…"',
      code: "22P02",
      query: 'select * from "characters" where "id" = $1',
    });
  });

  it("keeps other errors' messages and system fields, cuts a Drizzle message embedded in one", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
      syscall: "connect",
      address: "127.0.0.1",
      port: 5432,
      config: { password: SECRET },
    });
    expect(redactError(refused)).toMatchObject({
      type: "Error",
      message: "connect ECONNREFUSED 127.0.0.1:5432",
      code: "ECONNREFUSED",
      syscall: "connect",
      port: 5432,
    });
    expect(JSON.stringify(redactError(refused))).not.toContain(SECRET);

    const wrapped = new Error(`saving failed: ${failedInsert().message}`);
    expect(redactError(wrapped).message).toBe(
      'saving failed: Failed query: insert into "users" ("email", "openai_api_key", "bio") values ($1, $2, $3)',
    );
    expect(JSON.stringify(redactError(new AggregateError([failedCast()], "")))).not.toContain(SECRET);
    expect(redactError(SECRET).message).not.toContain(SECRET);
  });

  it("describes a start-up failure and its causes without parameters", () => {
    const text = describeError(failedInsert());
    expect(text).toContain('duplicate key value violates unique constraint "users_email_key" (23505)');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(EMAIL);
    const aggregate = new AggregateError([new Error("connect ECONNREFUSED ::1:5432")], "");
    expect(describeError(aggregate)).toBe("AggregateError: connect ECONNREFUSED ::1:5432");
  });
});

describe("logging", () => {
  it("handleError logs a 500's failed query without its parameters, even with pino's default serializer", () => {
    const { log, lines } = capturingLogger();
    let status = 0;
    const reply = {
      status(code: number) {
        status = code;
        return reply;
      },
      send: () => reply,
    };
    for (const error of [failedInsert(), failedCast()]) {
      handleError(error, { log } as unknown as FastifyRequest, reply as unknown as FastifyReply);
    }
    expect(status).toBe(500);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain(EMAIL);
      expect(JSON.parse(line)).toMatchObject({
        msg: "request failed",
        err: { query: expect.stringContaining("$1") },
      });
    }
  });

  it("the app's serializer redacts every logged err (generation and summary failures log raw errors)", () => {
    const unredacted = capturingLogger();
    unredacted.log.error({ err: failedInsert() }, "generation failed");
    // Pino's own serializer would log the parameters: this is what the app's serializer replaces.
    expect(unredacted.lines.join("")).toContain(SECRET);

    const { log, lines } = capturingLogger(LOG_SERIALIZERS);
    log.error({ err: failedInsert() }, "generation failed");
    log.warn({ err: failedCast(), conversationId: "c1" }, "automatic summary memory failed");
    log.error({ err: redactError(failedInsert()) }, "already redacted");
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain(EMAIL);
      expect(JSON.parse(line).err.type).toBe("DrizzleQueryError");
    }
  });
});
