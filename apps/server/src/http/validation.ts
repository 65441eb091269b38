import { findUnsafeInput } from "@hearth/contracts";
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

/**
 * The zod validator, preceded by the contracts' input-safety check for every body, query and params a
 * route declares: control characters, lone surrogates and deep nesting answer a 400 naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const unsafe = findUnsafeInput(data);
    if (!unsafe) return validate(data);
    const instancePath = unsafe.path.map((part) => `/${String(part)}`).join("");
    return {
      error: [{ keyword: "unsafe_input", instancePath, schemaPath: "", params: {}, message: unsafe.message }],
    };
  };
};
