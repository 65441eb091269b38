import type { Database } from "../../db/client";
import { ads } from "../../db/schema";

export type SeedAd = {
  code: string;
  text: string;
  linkUrl: string;
  imageUrl: string | null;
  keywords: string[];
};

/** The house ads a fresh install shows (README, Ads): one matched by keywords, one fallback. */
export const HOUSE_ADS: SeedAd[] = [
  {
    code: "house-supporter",
    text: "Enjoying the story? True Supporter removes ads, skips the waiting room and unlocks images.",
    linkUrl: "/subscribe",
    imageUrl: "/brand/icon.svg",
    keywords: [],
  },
  {
    code: "house-adventure",
    text: "Looking for your next adventure? Browse new characters made by our creators.",
    linkUrl: "/",
    imageUrl: "/brand/icon.svg",
    keywords: ["adventure", "quest", "journey", "dragon", "sword", "castle"],
  },
];

/** Writes the house ads that are missing (by code); an admin's changes are never overwritten. */
export async function seedHouseAds(db: Database, houseAds: SeedAd[] = HOUSE_ADS): Promise<void> {
  if (houseAds.length === 0) return;
  await db.insert(ads).values(houseAds).onConflictDoNothing({ target: ads.code });
}
