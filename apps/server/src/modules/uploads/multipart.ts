import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors";

export type UploadedFile = { filename: string; mimetype: string; bytes: Buffer };

const fileError = (message: string) => new AppError(400, "validation_error", message, { file: message });

const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";

/** Reads the one file in the multipart field `file`, at most `maxBytes`; anything else is a clear 400. */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  const tooLarge = `The file is too large; the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`;
  if (!request.isMultipart()) throw fileError("Send the file as multipart form data in the field 'file'.");
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
    if (part?.fieldname !== "file") throw fileError("Choose a file to upload in the field 'file'.");
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw fileError("The file is empty.");
    return { filename: part.filename, mimetype: part.mimetype, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorCode(error) === "FST_REQ_FILE_TOO_LARGE") throw fileError(tooLarge);
    if (errorCode(error).startsWith("FST_"))
      throw fileError("The upload could not be read; please try again.");
    throw error;
  }
}
