import { useAppConfig } from "../../../api/config";

/**
 * True when avatars flagged NSFW must not be shown: on the safe-for-work brand, and while the
 * configuration is still unknown (the safe default).
 */
export function useHideNsfwAvatars(): boolean {
  const { data } = useAppConfig();
  return data?.brand !== "adult";
}
