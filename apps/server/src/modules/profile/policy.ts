import type { ServerConfig } from "../../config";
import { definePolicy } from "../../policy";

/** Where the member edits their profile: the server's brand, and whether the request came through a partner host. */
export type ProfileActor = { brand: ServerConfig["brand"]; partnerHost: boolean };

type ProfileSubjects = {
  /**
   * Change the adult-content settings (show_nsfw, blur_nsfw_avatars): only on the adult brand and never on a
   * partner host, where the toggles are not offered; elsewhere the sent values are left alone.
   */
  change_adult_settings: null;
};
export type ProfileAction = keyof ProfileSubjects;

export const can = definePolicy<ProfileActor, ProfileSubjects>({
  change_adult_settings: (actor) => actor.brand === "adult" && !actor.partnerHost,
});
