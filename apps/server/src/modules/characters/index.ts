/**
 * Characters: browsing, the character pages and editor, card import and export, and tag suggestions.
 * Favorites, ratings, creators' pages and recommendations build on what this face exports.
 */
export { type CharacterAction, can, canSeeAvatar, canViewCharacter, isCreator } from "./policy";
export {
  type CharacterSummary,
  discoveryFilters,
  findCharacterById,
  listCreatorCharacters,
  lockCharacter,
  summaryWithCreator,
} from "./repository";
export { registerCharacterRoutes } from "./routes";
export { presentSummaries } from "./service";
export { registerTagSuggestionRoutes } from "./tag-suggestion-routes";
export { countDefinitionTokens, platformTokenCounter } from "./token-count";
export { type MemberViewer, memberViewer, type Viewer, viewerOf } from "./viewer";
