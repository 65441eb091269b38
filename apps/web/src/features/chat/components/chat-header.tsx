import * as Menu from "@radix-ui/react-dropdown-menu";
import {
  Ban,
  Brain,
  ChevronLeft,
  Copy,
  Cpu,
  Eraser,
  Flag,
  History,
  Home,
  MoreVertical,
  PenSquare,
  Plus,
  Share2,
  SlidersHorizontal,
  Star,
  Type,
  User,
  UserRound,
} from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "../../../components/ui/avatar";
import { cn } from "../../../components/ui/cn";

export type ChatMenuAction =
  | "share"
  | "settings"
  | "model"
  | "persona"
  | "title"
  | "clone"
  | "remove"
  | "memories"
  | "rate"
  | "block";

export type ChatMenuItem = { action: ChatMenuAction; label: string; icon: typeof Share2 };
/** An option the page adds to the menu (ChatExtensions.menuItems); `onSelect` runs when it is chosen. */
export type ChatExtraMenuItem = { key: string; label: string; icon: typeof Share2; onSelect: () => void };

/** Which options the menu offers; `visible` decides per viewer (signed-in, creator, permissions, saved chat). */
export function chatMenuItems(visible: Record<ChatMenuAction, boolean>): ChatMenuItem[] {
  const all: ChatMenuItem[] = [
    { action: "share", label: "Share", icon: Share2 },
    { action: "settings", label: "Generation Settings", icon: SlidersHorizontal },
    { action: "model", label: "Choose Model", icon: Cpu },
    { action: "persona", label: "Change Persona", icon: UserRound },
    { action: "memories", label: "Memory Manager", icon: Brain },
    { action: "title", label: "Change Title", icon: Type },
    { action: "clone", label: "Clone Conversation", icon: Copy },
    { action: "remove", label: "Remove Messages", icon: Eraser },
    { action: "rate", label: "Rate Chatbot", icon: Star },
    { action: "block", label: "Block Creator", icon: Ban },
  ];
  return all.filter((item) => visible[item.action]);
}

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-text-1 outline-none " +
  "data-[highlighted]:bg-surface-2 data-[disabled]:opacity-50";

export type ChatLink = { to: string; label: string; icon: typeof Home };

export function ChatHeader({
  characterId,
  characterName,
  avatarUrl,
  creatorUsername,
  title,
  isCreator,
  savedChats,
  canReport = false,
  menu,
  onAction,
  immersive,
  extra,
  extraItems = [],
  identity,
}: {
  characterId: string;
  characterName: string;
  avatarUrl: string | null;
  creatorUsername: string | null;
  title: string | null;
  isCreator: boolean;
  savedChats: boolean;
  /** Whether the viewer may report the character (report_character, not its creator). */
  canReport?: boolean;
  menu: ChatMenuItem[];
  onAction: (action: ChatMenuAction) => void;
  immersive: boolean;
  extra?: ReactNode;
  extraItems?: ChatExtraMenuItem[];
  /** Shown instead of the character's picture and name (a group chat's characters). */
  identity?: ReactNode;
}) {
  const navigate = useNavigate();
  // A chosen option runs once the menu has closed and put the focus back on its trigger, so a dialog it
  // opens remembers the trigger and returns the focus there when it closes.
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<ChatMenuAction | null>(null);
  const links: ChatLink[] = [
    { to: `/chat/${characterId}`, label: "New Chat", icon: Plus },
    ...(savedChats ? [{ to: `/chats/${characterId}`, label: "Saved Chats", icon: History }] : []),
    { to: `/chatbot/${characterId}`, label: "Bot Profile", icon: User },
    ...(isCreator ? [{ to: `/chatbot/edit/${characterId}`, label: "Edit Chatbot", icon: PenSquare }] : []),
    ...(creatorUsername
      ? [{ to: `/creator/${creatorUsername}`, label: `More by @${creatorUsername}`, icon: UserRound }]
      : []),
    ...(canReport ? [{ to: `/report/${characterId}`, label: "Report Chatbot", icon: Flag }] : []),
    { to: "/", label: "Home", icon: Home },
  ];
  return (
    <header
      className={cn(
        "sticky top-16 z-30 border-b",
        // Over the character's picture (v2) the bar is a little more opaque, so its small text stays readable.
        immersive
          ? "border-white/10 bg-surface-0/75 backdrop-blur-xl"
          : "border-surface-3/70 bg-surface-0/85 backdrop-blur-xl",
      )}
    >
      <div className="mx-auto flex h-14 max-w-[800px] items-center gap-2 px-2 sm:px-4">
        <Link
          to="/"
          aria-label="Home"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl text-text-2 hover:bg-surface-2 hover:text-text-1"
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </Link>
        {identity ?? (
          <Link
            to={`/chatbot/${characterId}`}
            className="flex min-w-0 flex-1 items-center gap-2.5 rounded-xl py-1 pr-2 hover:bg-surface-2/60"
          >
            <Avatar
              name={characterName}
              src={avatarUrl}
              className="h-9 w-9 text-sm ring-2 ring-brand-500/40"
            />
            <span className="min-w-0">
              <span className="block truncate text-[15px] leading-tight font-bold text-text-1">
                {characterName}
              </span>
              <span
                className={cn(
                  "block truncate text-xs leading-tight",
                  immersive ? "text-text-2" : "text-text-3",
                )}
              >
                {title ?? (creatorUsername ? `by @${creatorUsername}` : "Chat")}
              </span>
            </span>
          </Link>
        )}
        {extra}
        <Menu.Root modal={false}>
          <Menu.Trigger
            ref={trigger}
            aria-label="Chat options"
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-text-2 hover:bg-surface-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <MoreVertical aria-hidden="true" className="h-5 w-5" />
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content
              onCloseAutoFocus={(event) => {
                const action = chosen.current;
                chosen.current = null;
                if (!action) return;
                event.preventDefault();
                trigger.current?.focus();
                onAction(action);
              }}
              align="end"
              sideOffset={6}
              className="z-50 max-h-[75dvh] min-w-56 overflow-y-auto rounded-2xl border border-surface-3 bg-surface-1 p-1.5 shadow-2xl"
            >
              {menu.map(({ action, label, icon: Icon }) => (
                <Menu.Item
                  key={action}
                  className={itemClass}
                  onSelect={() => {
                    chosen.current = action;
                  }}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn("h-4 w-4 text-text-3", action === "block" && "text-danger")}
                  />
                  {label}
                </Menu.Item>
              ))}
              {extraItems.map(({ key, label, icon: Icon, onSelect }) => (
                <Menu.Item key={key} className={itemClass} onSelect={onSelect}>
                  <Icon aria-hidden="true" className="h-4 w-4 text-text-3" />
                  {label}
                </Menu.Item>
              ))}
              <Menu.Separator className="my-1 h-px bg-surface-3" />
              {links.map(({ to, label, icon: Icon }) => (
                <Menu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
                  <Icon aria-hidden="true" className="h-4 w-4 text-text-3" />
                  {label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </div>
    </header>
  );
}
