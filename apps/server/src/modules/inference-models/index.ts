/** The inference models members choose between, and who may use or see each. */
export { can, contextSizeFor } from "./policy";
export { ensureInferenceModels } from "./repository";
export { registerInferenceModelRoutes } from "./routes";
