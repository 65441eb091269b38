/** Moved to `api/config`; this re-export stays only until the chat feature imports it from there. */
export { useAppConfig } from "../api/config";
