export const personaKeys = {
  all: ["personas"] as const,
};
