/**
 * Characters: browsing, the character pages and editor, card import and export, and tag suggestions.
 * Favorites, ratings, creators' pages and recommendations build on what this face exports.
 */
export { cardFromCharacter } from "./card-mapping";
export { exportCard } from "./card-service";
export { can, canSeeAvatar, canViewCharacter, isCreator } from "./policy";
export { presentSummaries } from "./presenter";
export {
  type CharacterSummary,
  contentVisibleFilter,
  discoveryFilters,
  findCharacterById,
  listCreatorCharacters,
  lockCharacter,
  type ModerationChange,
  markReportedByUsers,
  summaryWithCreator,
  updateModeration,
} from "./repository";
export type { CharacterReviews, ReviewRequest } from "./review-port";
export { registerCharacterRoutes } from "./routes";
export { registerTagSuggestionRoutes } from "./tag-suggestion-routes";
export { countDefinitionTokens } from "./token-count";
export { memberViewer, type Viewer, viewerOf } from "./viewer";
