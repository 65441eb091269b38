/** Personas: who a member speaks as in chats. */
export { can } from "./policy";
export { presentPersona } from "./presenter";
export { findDefaultPersonaId, findPersona, renameDefaultPersona } from "./repository";
export { registerPersonaRoutes } from "./routes";
export { createDefaultPersona } from "./service";
