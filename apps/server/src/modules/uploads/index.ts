/** Uploaded images: avatars, stored resized. */
export { readUploadedFile } from "./multipart";
export { registerUploadRoutes } from "./routes";
export { avatarFilePath, removeAvatar, storeAvatar, uploadsDir } from "./storage";
