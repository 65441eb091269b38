/** Media: the object store (local disk or S3-compatible), the NSFW image check, and serving stored media. */
import { join } from "node:path";
import type { ServerConfig } from "../../config";
import { createLocalObjectStore } from "./local-store";
import { createS3ObjectStore } from "./s3-store";
import type { ObjectStore } from "./types";

export {
  assertMediaKey,
  isMediaKey,
  MEDIA_URL_PREFIX,
  mediaKeyContentType,
  mediaUrl,
  newMediaKey,
} from "./keys";
export { createLocalObjectStore } from "./local-store";
export { createNsfwClassifier, NSFW_THRESHOLD, nsfwScore } from "./nsfw-classifier";
export { registerMediaRoutes } from "./routes";
export { createS3ObjectStore, ObjectStoreError } from "./s3-store";
export type * from "./types";

export type MediaStorageKind = "local" | "s3";

/** The configured store: S3-compatible when config.s3 is set, else `${DATA_DIR}/media`. */
export function createObjectStore(
  config: Pick<ServerConfig, "s3" | "dataDir">,
): ObjectStore & { readonly kind: MediaStorageKind } {
  return config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(join(config.dataDir, "media"));
}
