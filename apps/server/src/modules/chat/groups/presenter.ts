import type { ConversationGroup, GroupFormerMember, GroupMember } from "@hearth/contracts";
import { canSeeAvatar } from "../../characters/index";
import type { ConversationViewer } from "../conversations/presenter";
import type { GroupFormerRow, GroupMemberRow, GroupRows } from "./repository";

/** A group's character: an NSFW avatar only as the character endpoints show it (`canSeeAvatar`). */
export function presentFormerMember(row: GroupFormerRow, viewer: ConversationViewer): GroupFormerMember {
  return {
    id: row.id,
    name: row.name,
    avatar_url: canSeeAvatar(row, viewer) ? row.avatarUrl : null,
    avatar_is_nsfw: row.avatarIsNsfw,
  };
}

export function presentGroupMember(
  row: Omit<GroupMemberRow, "cardExtras">,
  viewer: ConversationViewer,
): GroupMember {
  return { ...presentFormerMember(row, viewer), muted: row.muted, position: row.position };
}

/** A conversation's group (`GET/PUT /api/conversations/{id}/group` and the member calls). */
export function presentGroup(
  group: Pick<GroupRows, "mode" | "members" | "former">,
  viewer: ConversationViewer,
): ConversationGroup {
  return {
    mode: group.mode,
    members: group.members.map((member) => presentGroupMember(member, viewer)),
    former: group.former.map((former) => presentFormerMember(former, viewer)),
  };
}
