/** The inference models members choose between, and who may use or see each. */
export { INFERENCE_MODEL_SEEDS } from "./catalogue";
export { can, contextSizeFor, type ModelAction, type ModelActor } from "./policy";
export { ensureInferenceModels, listInferenceModelRows } from "./repository";
export { registerInferenceModelRoutes } from "./routes";
