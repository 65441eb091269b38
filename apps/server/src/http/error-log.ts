/**
 * Errors as they go into the log, without the data they may carry. A failed Drizzle query's message and
 * fields hold the SQL parameters (chat text, email addresses, encrypted keys), and the PostgreSQL error
 * behind it repeats them in its message (`invalid input syntax for type uuid: "..."`), `detail`
 * (`Key (email)=(...) already exists.`), `where`, and (PGlite) `params`. What is kept: the type, the SQL
 * text with its `$n` placeholders, the PostgreSQL code and the names it reports (constraint, table,
 * column), other errors' messages and system fields (code, syscall, address, port), and stack frames.
 *
 * The app's logger uses this as pino's `err` serializer, so every `log.error({ err })` goes through it.
 */
export type LoggedError = {
  type: string;
  message: string;
  /** Stack frames under `type: message` (just that line when the error had no stack). */
  stack: string;
  /** SQL text, placeholders only (a failed query). */
  query?: string;
  code?: string | number;
  severity?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  position?: string;
  statusCode?: number;
  errno?: number;
  syscall?: string;
  address?: string;
  port?: number;
  cause?: LoggedError;
  errors?: LoggedError[];
};

const MAX_DEPTH = 5;
const MAX_SQL_CHARS = 2_000;
const MAX_AGGREGATED = 10;
/** Drizzle's message: `Failed query: <sql>\nparams: <values>`. */
const PARAMS_LINE = /\nparams:[\s\S]*$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const DATABASE_NAME_FIELDS = ["constraint", "schema", "table", "column", "dataType"] as const;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null;
const stringField = (fields: Fields, key: string): string | undefined =>
  typeof fields[key] === "string" ? fields[key] : undefined;
const numberField = (fields: Fields, key: string): number | undefined =>
  typeof fields[key] === "number" ? fields[key] : undefined;

/** A PostgreSQL error as pg and PGlite raise it: a SQLSTATE code and a severity. */
function isDatabaseError(error: Fields): boolean {
  const code = stringField(error, "code");
  return code !== undefined && SQLSTATE.test(code) && typeof error.severity === "string";
}

/** A failed Drizzle query (DrizzleQueryError): its SQL text and parameters. */
function isFailedQuery(error: Fields): boolean {
  return typeof error.query === "string" && Array.isArray(error.params);
}

function typeOf(error: Fields): string {
  if (isDatabaseError(error)) return "DatabaseError";
  const constructorName = error.constructor?.name;
  const name = stringField(error, "name");
  // Drizzle's errors keep the name "Error"; minified classes have one-letter names.
  if (constructorName && constructorName.length > 2 && constructorName !== "Object") return constructorName;
  return name ?? "Error";
}

/** The stack's frames under a first line of our own (the original first line is the unredacted message). */
function redactedStack(error: Fields, firstLine: string): string {
  const stack = stringField(error, "stack") ?? "";
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [firstLine, ...frames].join("\n");
}

/**
 * A PostgreSQL message with every quoted value removed except the names the error reports itself, e.g.
 * `duplicate key value violates unique constraint "users_email_key"` stays, `invalid input syntax for type
 * integer: "..."` loses the value.
 */
function redactDatabaseMessage(message: string, error: Fields): string {
  const names = new Set(DATABASE_NAME_FIELDS.map((key) => stringField(error, key)).filter(Boolean));
  return message
    .replace(/"([^"]*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"…"'))
    .replace(/'[^']*'/g, "'…'");
}

function sqlText(query: string): string {
  const text = query.trim();
  return text.length > MAX_SQL_CHARS ? `${text.slice(0, MAX_SQL_CHARS)}…` : text;
}

/** What `redactError` made, so a redacted error logged with the `err` serializer passes through as it is. */
const alreadyRedacted = new WeakSet<object>();

export function redactError(error: unknown, depth = 0): LoggedError {
  if (isObject(error) && alreadyRedacted.has(error)) return error as LoggedError;
  if (!isObject(error)) {
    const message = `(a thrown ${typeof error} value, not logged)`;
    return { type: typeof error, message, stack: message };
  }
  const type = typeOf(error);
  const rawMessage = stringField(error, "message") ?? "";
  const logged: LoggedError = { type, message: rawMessage.replace(PARAMS_LINE, ""), stack: "" };

  // PGlite's database errors carry the query and its parameters too; their message is redacted below.
  if (isFailedQuery(error)) {
    logged.query = sqlText(String(error.query));
    logged.message = "Failed query";
  }
  if (isDatabaseError(error)) {
    logged.message = redactDatabaseMessage(rawMessage, error);
    logged.severity = stringField(error, "severity");
    for (const key of [...DATABASE_NAME_FIELDS, "routine", "position"] as const) {
      const value = stringField(error, key);
      if (value !== undefined) logged[key] = value;
    }
  }
  if (typeof error.code === "string" || typeof error.code === "number") logged.code = error.code;
  const statusCode = numberField(error, "statusCode");
  if (statusCode !== undefined) logged.statusCode = statusCode;
  const errno = numberField(error, "errno");
  if (errno !== undefined) logged.errno = errno;
  const syscall = stringField(error, "syscall");
  if (syscall !== undefined) logged.syscall = syscall;
  const address = stringField(error, "address");
  if (address !== undefined) logged.address = address;
  const port = numberField(error, "port");
  if (port !== undefined) logged.port = port;

  logged.stack = redactedStack(error, `${type}: ${logged.message}`);
  if (depth < MAX_DEPTH) {
    if (isObject(error.cause)) logged.cause = redactError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) {
      logged.errors = error.errors.slice(0, MAX_AGGREGATED).map((inner) => redactError(inner, depth + 1));
    }
  }
  alreadyRedacted.add(logged);
  return removeUndefined(logged);
}

function removeUndefined(logged: LoggedError): LoggedError {
  for (const key of Object.keys(logged) as (keyof LoggedError)[]) {
    if (logged[key] === undefined) delete logged[key];
  }
  return logged;
}

/** An error and its causes in lines, redacted (start-up failures printed to the console). */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  for (let current: LoggedError | undefined = redactError(error); current; current = current.cause) {
    const code = current.code === undefined ? "" : ` (${current.code})`;
    // An AggregateError (e.g. every address of a host refused the connection) has no message of its own.
    const inner = current.errors?.map((each) => each.message).join("; ");
    const message = inner ? `${current.message || current.type}: ${inner}` : current.message || current.type;
    lines.push(current.query ? `${message}: ${current.query}${code}` : `${message}${code}`);
  }
  return lines.join("\n  caused by: ");
}

/** pino serializers for the app's logger: `err` is redacted wherever it is logged. */
export const LOG_SERIALIZERS = { err: (error: unknown) => redactError(error) };
